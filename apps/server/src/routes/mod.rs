//! One module per domain; each registers its handlers (with their OpenAPI entries).

pub mod admin;
pub mod ai;
pub mod affiliate;
pub mod analytics;
pub mod billing;
pub mod catalogue;
pub mod challenge;
pub mod documents;
pub mod health;
pub mod messages;
pub mod oauth;
pub mod progress;
pub mod quizzes;
pub mod referral;
pub mod security;
pub mod user;

use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(config: &mut ServiceConfig) {
    config
        .configure(health::configure)
        .configure(user::configure)
        .configure(security::configure)
        .configure(analytics::configure)
        .configure(messages::configure)
        .configure(referral::configure)
        .configure(affiliate::configure)
        .configure(challenge::configure)
        .configure(quizzes::configure)
        .configure(ai::configure)
        .configure(oauth::configure)
        .configure(admin::configure)
        .configure(billing::configure)
        .configure(documents::configure)
        .configure(catalogue::configure)
        .configure(progress::configure);
}
