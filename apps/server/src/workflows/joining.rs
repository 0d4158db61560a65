//! Joining and signing in, with what the visitor brought along: a purchase made as a guest
//! (`chargeId`) and the member who referred them (`rId`).
//!
//! Each step is its own domain's atomic use case, and the later ones never undo the first: the
//! spec lets a member in even when their purchase cannot be attached (the page then calls
//! `mark-as-paid`, which shows why) or the referral cannot be recorded. What a process that dies
//! between the steps leaves is finished later: the purchase stays the guest's until `mark-as-paid`
//! attaches it; the referral link a form sign-up named is kept on the account by the account's own
//! transaction (`joined_via_referral`), and the commission ledger's job attributes what this
//! workflow did not (`settle_sign_up_referrals`), so the referrer's commission is never lost.
//! A provider's sign-up (and the mailed link that finishes one) keeps its link the same way.

use crate::envelope::{blocking, ApiError};
use crate::state::AppState;
use identity::model::{PlanState, RegistrationForm};
use identity::{ClientInfo, SignInStep, SignedIn};

/// Sign-up with e-mail and password (`/api/user/register`).
pub async fn sign_up(state: &AppState, form: RegistrationForm, client: ClientInfo, charge_id: Option<String>) -> Result<SignedIn, ApiError> {
    let identity = state.identity.clone();
    let mut signed_in = blocking(move || identity.register(&form, client)).await?;
    if state.config.fault_point == Some(crate::config::FaultPoint::AfterSignUp) {
        crate::fault_points::stop_here("the account is made, its purchase and referrer not yet");
    }
    attach_purchase(state, &mut signed_in, charge_id).await;
    settle_referral(state, &signed_in).await;
    Ok(signed_in)
}

/// Sign-up with a single-use subscription code (`/api/user/subscription-code-register`): the code
/// is taken in the account's own transaction (identity's use case), then the referrer recorded.
pub async fn sign_up_with_code(state: &AppState, form: RegistrationForm, code: Option<String>, client: ClientInfo) -> Result<SignedIn, ApiError> {
    let identity = state.identity.clone();
    let signed_in = blocking(move || identity.register_with_code(&form, code.as_deref(), client)).await?;
    settle_referral(state, &signed_in).await;
    Ok(signed_in)
}

/// Sign-in with e-mail and password (`/api/user/login`); a purchase named at sign-in is attached
/// once the member is signed in (not at the two-factor challenge).
pub async fn log_in(
    state: &AppState,
    email: Option<String>,
    password: Option<String>,
    client: ClientInfo,
    charge_id: Option<String>,
) -> Result<SignInStep, ApiError> {
    let identity = state.identity.clone();
    let mut step = blocking(move || identity.login(email.as_deref(), password.as_deref(), client)).await?;
    if let SignInStep::SignedIn(signed_in) = &mut step {
        attach_purchase(state, signed_in, charge_id).await;
    }
    Ok(step)
}

/// A social sign-in that ended (or started) an account: a new account kept the referral link it
/// came through (identity's use case), which is attributed now.
pub async fn after_social_sign_in(state: &AppState, step: SignInStep) -> SignInStep {
    if let SignInStep::SignedIn(signed_in) = &step {
        settle_referral(state, signed_in).await;
    }
    step
}

/// A guest's purchase named at sign-up or login becomes the new session's member's, as
/// `mark-as-paid` would do; the member's plan in the answer is the one billing derived.
async fn attach_purchase(state: &AppState, signed_in: &mut SignedIn, charge_id: Option<String>) {
    let Some(charge_id) = charge_id.filter(|c| !c.trim().is_empty()) else { return };
    let member = signed_in.session;
    match state.billing(move |b| b.attach_charge(Some(&charge_id), member)).await {
        Ok(Some(plan)) => {
            signed_in.user.plan = PlanState { plan_id: Some(plan.plan_id), paid_date: Some(plan.paid_date), end_paid_date: plan.end_paid_date };
        }
        Ok(None) => {}
        Err(error) => tracing::info!(code = error.code, message = %error.message, "a purchase named at sign-in was not attached"),
    }
}

/// The member who shared the link the sign-up named (kept on the account) referred them; if this
/// fails, the ledger job's next pass does it.
async fn settle_referral(state: &AppState, signed_in: &SignedIn) {
    let member = signed_in.user.id;
    if let Err(error) = state.referrals(move |r| r.settle_sign_up_referrals(Some(member))).await {
        tracing::warn!(code = error.code, message = %error.message, "a referral named at sign-up is left to the ledger job");
    }
}
