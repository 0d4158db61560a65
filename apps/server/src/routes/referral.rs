//! The referral programme: a member's link and figures, and inviting a friend by e-mail.

use crate::auth::LiveMember;
use crate::envelope::{ok, ApiError, ErrorBody, Ok as OkBody};
use crate::state::AppState;
use actix_web::{get, post, web, HttpResponse};
use referral::commission::CreditStatus;
use referral::invite::InviteForm;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(config: &mut ServiceConfig) {
    config.service(refers).service(invite_friend);
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReferralStatsView {
    /// Members who signed up through the link.
    pub num: i64,
    /// Of those, members with premium now.
    pub paying: i64,
    /// Commission credited, net of reversals, in cents.
    pub money: i64,
    /// Of that, credits still inside the refund window (not available yet).
    pub pending_cents: i64,
    /// What may be paid out: earned, out of the refund window, not paid yet (negative: owed).
    pub available_cents: i64,
    /// The members the link brought, the newest first (at most 500; `num` counts them all).
    /// Nothing that names them.
    pub list: Vec<ReferView>,
}

/// One member the link brought.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReferView {
    /// When they joined (epoch milliseconds).
    pub joined_at: i64,
    /// They have premium now.
    pub paying: bool,
    /// What their payments earned, net of refunds, in cents.
    pub earned_cents: i64,
    /// Of that, credits still inside the refund window.
    pub pending_cents: i64,
    pub status: ReferStatus,
}

/// Where that money stands: nothing earned, still inside the refund window (some of it), or
/// all of it out of the window.
#[derive(Serialize, ToSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum ReferStatus {
    None,
    Pending,
    Available,
}

impl From<referral::Refer> for ReferView {
    fn from(r: referral::Refer) -> Self {
        let status = match r.status {
            CreditStatus::None => ReferStatus::None,
            CreditStatus::Pending => ReferStatus::Pending,
            CreditStatus::Available => ReferStatus::Available,
        };
        ReferView { joined_at: r.joined_at.timestamp_millis(), paying: r.paying, earned_cents: r.earned_cents, pending_cents: r.pending_cents, status }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReferralsResult {
    /// The member's public referral id.
    pub r_id: String,
    /// The link to share (`{site}/r/{rId}`).
    pub link: String,
    pub refers: ReferralStatsView,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InviteRequest {
    #[schema(value_type = String, required = true, min_length = 1)]
    pub your_name: Option<String>,
    #[schema(value_type = String, required = true, min_length = 1)]
    pub friend_name: Option<String>,
    #[schema(value_type = String, required = true, min_length = 1)]
    pub friend_email: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InviteResult {
    pub friend_email: String,
    /// This was the member's first invite: one more free summary is unlocked.
    pub first_invite: bool,
}

/// The member's referral link and what it brought: the totals and one row per member it brought.
#[utoipa::path(tag = "referral", security(("bearer" = [])), responses(
    (status = 200, body = OkBody<ReferralsResult>),
    (status = 401, body = ErrorBody),
))]
#[get("/api/user/refers")]
async fn refers(state: web::Data<AppState>, caller: LiveMember) -> Result<HttpResponse, ApiError> {
    let member = caller.id;
    let stats = state.referrals(move |r| r.stats(member)).await?;
    Ok(ok(ReferralsResult {
        r_id: stats.referral_id,
        link: stats.link,
        refers: ReferralStatsView {
            num: stats.referred,
            paying: stats.paying,
            money: stats.earned_cents,
            pending_cents: stats.pending_cents,
            available_cents: stats.available_cents,
            list: stats.refers.into_iter().map(ReferView::from).collect(),
        },
    }))
}

/// Invites a friend by e-mail with the member's link; the first invite unlocks one more free
/// summary. 20 invites a day.
#[utoipa::path(tag = "referral", security(("bearer" = [])), request_body = InviteRequest, responses(
    (status = 200, body = OkBody<InviteResult>),
    (status = 400, body = ErrorBody),
    (status = 401, body = ErrorBody),
    (status = 429, body = ErrorBody),
))]
#[post("/api/contact/invite")]
async fn invite_friend(state: web::Data<AppState>, caller: LiveMember, body: web::Json<InviteRequest>) -> Result<HttpResponse, ApiError> {
    let (member, body) = (caller.id, body.into_inner());
    let sent = state
        .referrals(move |r| {
            let form =
                InviteForm { your_name: body.your_name.as_deref(), friend_name: body.friend_name.as_deref(), friend_email: body.friend_email.as_deref() };
            r.invite(member, &form)
        })
        .await?;
    Ok(ok(InviteResult { friend_email: sent.friend_email, first_invite: sent.first_invite }))
}
