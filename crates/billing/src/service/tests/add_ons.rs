//! Infographic add-ons: recorded with the purchase and delivered while it stays paid.

use super::*;
use crate::checkout::*;
use crate::ports::BillingLedger;
use crate::service::CardCheckout;
use kernel::UserId;

#[test]
fn a_purchase_with_infographics_delivers_them_while_it_stays_paid() {
    let store = InMemoryBilling::with_standard_plans();
    let cards = FakeCards::new(now());
    let billing = Billing::new(&store, now());
    let ids = CountingSecrets::default();
    let ada = store.sign_in(UserId(7), "ada@example.com");
    let checkout = CardCheckout {
        basket: Basket { add_infographics: Some(50), ..basket("lifetime") },
        buyer: Buyer::Member(ada),
        payment_method: Some("pm_visa"),
        gift: None,
        without_trial: false,
    };
    let CheckoutResult::Complete { charge_id, add_on, .. } = billing.pay_by_card(by_card(&cards), &ids, &checkout).unwrap() else { panic!("paid at once") };
    assert_eq!(add_on, Some(AddOn::Infographics50), "the answer says what to download");
    assert_eq!(billing.bought_infographics(Some(&charge_id)).unwrap(), AddOn::Infographics50);
    let listed = billing.infographic_purchases(ada).unwrap();
    assert_eq!((listed.len(), listed[0].charge_id.as_str(), listed[0].add_on), (1, charge_id.as_str(), AddOn::Infographics50));

    // Without an add-on, an unknown id or after a refund: nothing to download.
    let plain = CardCheckout { basket: basket("gift"), gift: Some(crate::codes::GiftDetails::default()), ..checkout };
    let CheckoutResult::Complete { charge_id: plain_id, add_on: None, .. } =
        billing.pay_by_card(by_card(&cards), &ids, &CardCheckout { buyer: Buyer::Guest { email: Some("b@example.com".into()) }, ..plain }).unwrap()
    else {
        panic!("no add-on")
    };
    assert_eq!(billing.bought_infographics(Some(&plain_id)).unwrap_err(), BillingError::UnknownCharge);
    assert_eq!(billing.bought_infographics(Some("ch_guessed")).unwrap_err(), BillingError::UnknownCharge);
    assert_eq!(billing.bought_infographics(None).unwrap_err(), BillingError::UnknownCharge);
    store.set_charge_status(&charge_id, ChargeStatus::Refunded).unwrap();
    assert_eq!(billing.bought_infographics(Some(&charge_id)).unwrap_err(), BillingError::UnknownCharge);
    assert!(billing.infographic_purchases(ada).unwrap().is_empty());
}
