//! The infographic add-ons: what a paid purchase bought, for its download, and the member's list.

use super::Billing;
use crate::checkout::ChargeStatus;
use crate::error::BillingError;
use crate::model::AddOn;
use crate::ports::BillingStore;
use kernel::{Session, Timestamp};

/// A purchase that came with infographics, as the account lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InfographicPurchase {
    pub charge_id: String,
    pub add_on: AddOn,
    pub bought_at: Timestamp,
}

impl<'s, S: BillingStore + ?Sized> Billing<'s, S> {
    /// The infographics a purchase bought, for its download. The charge id is the purchase's
    /// secret (a guest holds only it, from the success page or the receipt); a purchase refunded,
    /// disputed or not paid yet delivers nothing.
    pub fn bought_infographics(&self, charge_id: Option<&str>) -> Result<AddOn, BillingError> {
        let id = charge_id.map(str::trim).filter(|id| !id.is_empty()).ok_or(BillingError::UnknownCharge)?;
        let charge = self.store.find_charge(id)?.filter(|c| c.status == ChargeStatus::Paid).ok_or(BillingError::UnknownCharge)?;
        charge.add_on.ok_or(BillingError::UnknownCharge)
    }

    /// The member's purchases that came with infographics, newest first.
    pub fn infographic_purchases(&self, session: Session) -> Result<Vec<InfographicPurchase>, BillingError> {
        let member = self.member(session)?;
        Ok(self
            .store
            .infographic_purchases_of(member)?
            .into_iter()
            .filter_map(|c| Some(InfographicPurchase { add_on: c.add_on?, charge_id: c.id, bought_at: c.created_at }))
            .collect())
    }
}
