//! What things cost: the plans on sale, a plan's price, a coupon check and a basket's quote.
//! Every figure comes from `crates/billing`; nothing the client sends is taken as an amount.

use crate::auth::{client_address, MaybeUser};
use crate::envelope::{ok, ApiError, ErrorBody, Ok as OkBody};
use crate::state::AppState;
use actix_web::{get, post, web, HttpRequest, HttpResponse};
use billing::model::{Interval, Plan, PlanKind};
use billing::service::{Basket, CouponGuesser};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

mod checkout;
mod infographics;
mod paypal;
mod reconcile;
mod standing;
mod subscription;
mod teams;
mod webhooks;

pub fn configure(config: &mut ServiceConfig) {
    config
        .service(plans)
        .service(price)
        .service(coupon)
        .service(site_offer)
        .service(quote)
        .service(settings)
        .configure(checkout::configure)
        .configure(infographics::configure)
        .configure(paypal::configure)
        .configure(reconcile::configure)
        .configure(standing::configure)
        .configure(subscription::configure)
        .configure(teams::configure)
        .configure(webhooks::configure);
}

/// What the payment page needs to load the providers' scripts.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentSettingsResult {
    /// Card payments are offered (Stripe is configured).
    pub card: bool,
    #[schema(required = true)]
    pub stripe_publishable_key: Option<String>,
    pub stripe_js_url: String,
    pub paypal: bool,
    #[schema(required = true)]
    pub paypal_client_id: Option<String>,
    pub paypal_sdk_url: String,
    /// Test keys or local stand-ins: no real money moves, and the page says so.
    pub test_mode: bool,
}

/// The payment providers the page may offer, and their browser scripts.
#[utoipa::path(tag = "billing", responses((status = 200, body = OkBody<PaymentSettingsResult>)))]
#[get("/api/charge/settings")]
async fn settings(state: web::Data<AppState>) -> HttpResponse {
    let payments = state.payments.settings();
    ok(PaymentSettingsResult {
        card: payments.stripe.is_some() && payments.stripe_publishable_key.is_some(),
        stripe_publishable_key: payments.stripe_publishable_key.clone(),
        stripe_js_url: payments.stripe_js_url.clone(),
        paypal: payments.paypal.is_some(),
        paypal_client_id: payments.paypal.as_ref().map(|p| p.client_id.clone()),
        paypal_sdk_url: payments.paypal_sdk_url.clone(),
        test_mode: payments.test_mode,
    })
}

/// A plan as the pricing and payment pages show it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlanView {
    pub id: String,
    pub name: String,
    pub kind: PlanKindView,
    /// For subscriptions.
    #[schema(required = true)]
    pub interval: Option<IntervalView>,
    /// Whether checkout sells it (a plan no longer sold keeps its row for old purchases).
    pub purchasable: bool,
    pub trial_days: u32,
    /// One unit (one seat for the bulk plan), in cents.
    pub price: i64,
    pub min_quantity: u32,
    pub max_quantity: u32,
}

#[derive(Serialize, ToSchema, Clone, Copy)]
#[serde(rename_all = "snake_case")]
pub enum PlanKindView {
    Subscription,
    Lifetime,
    Gift,
    Bulk,
    Book,
    Quiz,
}

#[derive(Serialize, ToSchema, Clone, Copy)]
#[serde(rename_all = "snake_case")]
pub enum IntervalView {
    Month,
    Year,
}

impl From<&Plan> for PlanView {
    fn from(plan: &Plan) -> Self {
        let (interval, trial_days) = match plan.kind {
            PlanKind::Subscription { interval, trial_days } => (
                Some(match interval {
                    Interval::Month => IntervalView::Month,
                    Interval::Year => IntervalView::Year,
                }),
                trial_days,
            ),
            _ => (None, 0),
        };
        let kind = match plan.kind {
            PlanKind::Subscription { .. } => PlanKindView::Subscription,
            PlanKind::Lifetime => PlanKindView::Lifetime,
            PlanKind::Gift => PlanKindView::Gift,
            PlanKind::Bulk => PlanKindView::Bulk,
            PlanKind::Book { .. } => PlanKindView::Book,
            PlanKind::QuizResults { .. } => PlanKindView::Quiz,
        };
        PlanView {
            id: plan.id.clone(),
            name: plan.name.clone(),
            kind,
            interval,
            purchasable: plan.active,
            trial_days,
            price: plan.amount.0,
            min_quantity: *plan.quantities().start(),
            max_quantity: *plan.quantities().end(),
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct PlansResult {
    pub plans: Vec<PlanView>,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PriceRequest {
    #[schema(value_type = String, required = true, min_length = 1)]
    pub plan_id: Option<String>,
}

/// The spec's price response, with the plan's details beside it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PriceResult {
    /// One unit, in cents.
    pub price: i64,
    #[schema(required = true)]
    pub book_title: Option<String>,
    #[schema(required = true)]
    pub course: Option<String>,
    #[schema(required = true)]
    pub paypal_plan: Option<String>,
    pub plan: PlanView,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CouponRequest {
    #[schema(value_type = String, required = true, min_length = 1)]
    pub coupon: Option<String>,
    #[schema(value_type = String, required = true, min_length = 1)]
    pub plan_id: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CouponResult {
    /// 0 for a coupon of a fixed amount off.
    #[serde(rename = "percent_off")]
    pub percent_off: u8,
    /// In cents; 0 for a percentage coupon.
    pub amount_off: i64,
    #[schema(required = true)]
    pub paypal_plan: Option<String>,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuoteRequest {
    #[schema(value_type = String, required = true, min_length = 1)]
    pub plan_id: Option<String>,
    /// Seats for the bulk plan (20-200); 1 otherwise.
    pub quantity: Option<i64>,
    /// 0, 20 or 50 infographics.
    pub add_infographics: Option<i64>,
    pub coupon_code: Option<String>,
}

/// What a basket costs, in cents.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuoteResult {
    pub plan_id: String,
    pub quantity: u32,
    pub unit_price: i64,
    pub add_on_price: i64,
    pub subtotal: i64,
    pub percent_off: u8,
    pub discount: i64,
    /// What is paid now (for a subscription: the first period with the add-on).
    pub total: i64,
    /// For a subscription, what each later period costs (the coupon applies, the add-on does
    /// not: it is bought once); null for one-time purchases.
    #[schema(required = true)]
    pub recurring: Option<i64>,
}

/// The plans on sale, cheapest first (the pricing page).
#[utoipa::path(tag = "billing", responses((status = 200, body = OkBody<PlansResult>)))]
#[get("/api/plans")]
async fn plans(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let plans = state.billing(|b| b.plans()).await?;
    Ok(ok(PlansResult { plans: plans.iter().map(PlanView::from).collect() }))
}

/// A plan's price as the server charges it.
#[utoipa::path(tag = "billing", request_body = PriceRequest, responses(
    (status = 200, body = OkBody<PriceResult>),
    (status = 400, body = ErrorBody, description = "'Invalid plan id'"),
))]
#[post("/api/charge/price")]
async fn price(state: web::Data<AppState>, body: web::Json<PriceRequest>) -> Result<HttpResponse, ApiError> {
    let plan_id = body.into_inner().plan_id;
    let plan = state.billing(move |b| b.plan(plan_id.as_deref())).await?;
    Ok(ok(PriceResult {
        price: plan.amount.0,
        book_title: plan.book_title.clone(),
        course: plan.course.clone(),
        paypal_plan: plan.paypal_plan.clone(),
        plan: PlanView::from(&plan),
    }))
}

/// Checks a coupon for a plan: its percentage off the total (add-ons included).
#[utoipa::path(security(("bearer" = []), ()), tag = "billing", request_body = CouponRequest, responses(
    (status = 200, body = OkBody<CouponResult>),
    (status = 400, body = ErrorBody, description = "An unknown, expired, used-up or other plan's coupon, or 'Invalid plan id'"),
))]
#[post("/api/charge/coupon")]
async fn coupon(req: HttpRequest, state: web::Data<AppState>, caller: MaybeUser, body: web::Json<CouponRequest>) -> Result<HttpResponse, ApiError> {
    let CouponRequest { coupon, plan_id } = body.into_inner();
    let (address, member) = (client_address(&req), caller.0.map(|u| u.id));
    let (coupon, plan) = state.billing(move |b| b.coupon(coupon.as_deref(), plan_id.as_deref(), CouponGuesser { address: &address, member })).await?;
    Ok(ok(CouponResult { percent_off: coupon.percent_off, amount_off: coupon.amount_off.0, paypal_plan: plan.paypal_plan }))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SiteOfferView {
    /// The coupon the offer applies (typed for the buyer by "Claim offer").
    pub code: String,
    /// 0 when the offer is an amount off.
    pub percent_off: u8,
    /// In cents; 0 for a percentage.
    pub amount_off: i64,
    /// The offer's last moment (epoch milliseconds), when it has one.
    #[schema(required = true)]
    pub ends_at: Option<i64>,
    /// The plans it applies to; empty: every plan.
    pub plan_ids: Vec<String>,
}

#[derive(Serialize, ToSchema)]
pub struct SiteOfferResult {
    /// Null when no offer runs: no banner.
    #[schema(required = true)]
    pub offer: Option<SiteOfferView>,
}

/// The site's offer while one runs (the banner's coupon), or null.
#[utoipa::path(tag = "billing", responses((status = 200, body = OkBody<SiteOfferResult>)))]
#[get("/api/offer")]
async fn site_offer(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let offer = state.billing(|b| b.site_offer()).await?;
    Ok(ok(SiteOfferResult {
        offer: offer.map(|c| SiteOfferView {
            ends_at: [c.valid_until, c.ended_at].into_iter().flatten().min().map(|t| t.timestamp_millis()),
            code: c.code,
            percent_off: c.percent_off,
            amount_off: c.amount_off.0,
            plan_ids: c.plan_ids,
        }),
    }))
}

/// What a basket costs: the page shows this total, and checkout charges the same computation.
#[utoipa::path(security(("bearer" = []), ()), tag = "billing", request_body = QuoteRequest, responses(
    (status = 200, body = OkBody<QuoteResult>),
    (status = 400, body = ErrorBody, description = "An invalid plan, quantity, add-on or coupon"),
))]
#[post("/api/charge/quote")]
async fn quote(req: HttpRequest, state: web::Data<AppState>, caller: MaybeUser, body: web::Json<QuoteRequest>) -> Result<HttpResponse, ApiError> {
    let request = body.into_inner();
    let (address, member) = (client_address(&req), caller.0.map(|u| u.id));
    let quote = state
        .billing(move |b| {
            b.quote(&Basket {
                plan_id: request.plan_id.as_deref(),
                quantity: request.quantity,
                add_infographics: request.add_infographics,
                coupon_code: request.coupon_code.as_deref(),
                referral_id: None,
                guesser: Some(CouponGuesser { address: &address, member }),
            })
        })
        .await?;
    Ok(ok(QuoteResult {
        plan_id: quote.plan_id,
        quantity: quote.quantity,
        unit_price: quote.unit.0,
        add_on_price: quote.add_on.map_or(0, |a| a.price().0),
        subtotal: quote.subtotal.0,
        percent_off: quote.percent_off,
        discount: quote.discount.0,
        total: quote.total.0,
        recurring: quote.recurring.map(|r| r.0),
    }))
}
