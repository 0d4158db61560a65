//! How one domain's folder reaches another domain's rows: through that domain's ports, on the same
//! gate (so inside the same transaction), never by naming its folder (`cargo xtask tidy` checks
//! it). Each method lends only the ports other domains use.

use crate::shared::gate::Gate;
use billing::ports::{CouponBook, GrantBook, OperatorGrants, OperatorOffers};
use catalogue::ports::{Extras, OperatorCatalogue};

impl<'g> Gate<'g> {
    /// Billing's ports for the back office (offers, a coupon, operator grants) and identity (a new account's grant).
    pub(crate) fn billing_ports(&'g self) -> impl CouponBook + GrantBook + OperatorGrants + OperatorOffers + 'g {
        crate::billing::PgBillingStore::on(self)
    }

    /// The catalogue's ports for the back office (a collection's count, the month's preview) and
    /// the challenge (the goals a plan is made from).
    pub(crate) fn catalogue_ports(&'g self) -> impl Extras + OperatorCatalogue + 'g {
        crate::catalogue::PgCatalogueStore::on(self)
    }
}
