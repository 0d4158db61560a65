//! One module per domain; each registers its handlers (with their OpenAPI entries).

pub mod admin;
pub mod affiliate;
pub mod ai;
pub mod analytics;
pub mod billing;
pub mod catalogue;
pub mod challenge;
pub mod documents;
pub mod health;
pub mod highlights;
pub mod messages;
pub mod oauth;
pub mod podcast_feed;
pub mod progress;
pub mod quizzes;
pub mod referral;
pub mod review;
pub mod security;
pub mod site;
pub mod user;

use utoipa_actix_web::service_config::ServiceConfig;

/// Routes are tried in the order they are registered, each dynamic one by a regular expression
/// (the metrics and the request log look the route up again), so the members' hot calls come
/// first: the position save and the reader. No pattern of theirs overlaps another domain's.
pub fn configure(config: &mut ServiceConfig) {
    config
        .configure(progress::configure)
        .configure(catalogue::configure)
        .configure(health::configure)
        .configure(site::configure)
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
        .configure(highlights::configure)
        .configure(review::configure)
        .configure(podcast_feed::configure);
}
