//! The receipt e-mailed for every paid charge (queued with the charge, so it is sent once the
//! payment is recorded and never lost).

use crate::checkout::Charge;
use crate::error::long_date;
use crate::model::{Cents, Plan, PlanKind};
use crate::subscription::{SubscriptionState, SubscriptionStatus};
use kernel::OutgoingMail;

/// The receipt for `charge`. `renewal` is what each later period of a subscription costs (its
/// coupon applied): a trial's receipt says what is taken today and what on the trial's last day. A
/// guest's receipt carries the link that attaches the purchase to the account they create or sign
/// in to (`/signup?chargeId=...`), so closing the browser loses nothing; a gift's does not (it gives
/// its buyer nothing to attach).
pub fn receipt(site: &str, charge: &Charge, plan: &Plan, subscription: Option<&SubscriptionState>, renewal: Option<Cents>) -> OutgoingMail {
    let site = site.trim_end_matches('/');
    let quantity = if charge.quantity > 1 { format!(" x {}", charge.quantity) } else { String::new() };
    let mut lines = vec![
        "Thank you for your purchase.".to_owned(),
        String::new(),
        format!("Item:      {}{quantity}", plan.name),
        amount_line(charge, subscription, renewal),
    ];
    if let Some(code) = &charge.coupon {
        lines.push(format!("Coupon:    {code}"));
    }
    lines.push(format!("Date:      {}", charge.created_at.format("%Y-%m-%d")));
    lines.push(format!("Reference: {}", charge.id));
    lines.push(format!("Paid with: {}", if charge.provider == crate::gateway::PAYPAL { "PayPal" } else { "card" }));
    lines.push(String::new());
    match (&plan.kind, subscription) {
        (PlanKind::Subscription { trial_days, .. }, Some(state)) if *trial_days > 0 => lines.push(format!(
            "Your {trial_days}-day free trial runs until {}; the first payment is taken then unless you turn off \
             auto-renewal before (Account, then Cancel).",
            state.current_period_end.format("%Y-%m-%d")
        )),
        (PlanKind::Subscription { .. }, Some(state)) => lines.push(format!(
            "Your subscription renews on {}. You can turn off auto-renewal at any time (Account, then Cancel).",
            state.current_period_end.format("%Y-%m-%d")
        )),
        (PlanKind::Lifetime, _) => lines.push("Premium is yours for life.".to_owned()),
        _ => {}
    }
    if let Some(add_on) = charge.add_on {
        lines.push(String::new());
        lines.push(format!("Your {} infographics, to download (keep this link):", add_on.count()));
        lines.push(format!("{site}/api/charge/{}/infographics", kernel::url::encode_component(&charge.id)));
    }
    if charge.user.is_none() && plan.kind != PlanKind::Gift {
        lines.push(String::new());
        lines.push("To start reading, create your account (or sign in) with this link, which attaches the purchase to it:".to_owned());
        lines.push(format!("{site}/signup?chargeId={}", kernel::url::encode_component(&charge.id)));
    }
    lines.push(String::new());
    lines.push("The Gistbook team".to_owned());
    OutgoingMail { to: charge.email.clone(), subject: format!("Your Gistbook receipt: {}", plan.name), text_body: lines.join("\n") + "\n", attachment: None }
}

/// "Amount:    $44.99 (USD)", or for a trial "Amount:    $0.00 today; $9.99 on November 29, 2026
/// unless you cancel" (an add-on bought with it is what is taken today).
fn amount_line(charge: &Charge, subscription: Option<&SubscriptionState>, renewal: Option<Cents>) -> String {
    match (subscription, renewal) {
        (Some(state), Some(later)) if state.status == SubscriptionStatus::Trialing => {
            let today = Cents((charge.amount.0 - later.0).max(0));
            format!("Amount:    {today} today; {later} on {} unless you cancel (USD)", long_date(state.current_period_end))
        }
        _ => format!("Amount:    {} (USD)", charge.amount),
    }
}
