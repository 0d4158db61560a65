//! billing's `TrialBook`: who had a free trial. An e-mail address is kept as its SHA-256 only.

use super::PgBillingStore;
use crate::schema::trials;
use billing::ports::{TrialBook, TrialKeys};
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use kernel::{PortResult, Timestamp};
use sha2::{Digest, Sha256};

fn email_digest(email: &str) -> String {
    Sha256::digest(email.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

impl TrialBook for PgBillingStore<'_> {
    fn trial_given(&self, keys: &TrialKeys) -> PortResult<Option<Timestamp>> {
        self.run(|conn| {
            let mut query = trials::table.select(diesel::dsl::min(trials::given_at)).into_boxed();
            // Nothing known: nothing matches.
            query = query.filter(trials::id.lt(0));
            if let Some(user) = keys.user {
                query = query.or_filter(trials::user_id.eq(user.0));
            }
            if let Some(email) = &keys.email {
                query = query.or_filter(trials::email_digest.eq(email_digest(email)));
            }
            if let Some(card) = &keys.card {
                query = query.or_filter(trials::card_fingerprint.eq(card.clone()));
            }
            if let Some(payer) = &keys.paypal_payer {
                query = query.or_filter(trials::paypal_payer.eq(payer.clone()));
            }
            query.first::<Option<DateTime<Utc>>>(conn)
        })
    }

    fn record_trial(&self, keys: &TrialKeys, charge_id: &str, at: Timestamp) -> PortResult<()> {
        self.run(|conn| {
            diesel::insert_into(trials::table)
                .values(NewTrialRow {
                    charge_id,
                    user_id: keys.user.map(|u| u.0),
                    email_digest: keys.email.as_deref().map(email_digest),
                    card_fingerprint: keys.card.as_deref(),
                    paypal_payer: keys.paypal_payer.as_deref(),
                    given_at: at,
                })
                .execute(conn)
                .map(drop)
        })
    }
}

/// A trial given, under every key that may not have another (the member, the address, the card,
/// the PayPal payer).
#[derive(Insertable)]
#[diesel(table_name = trials)]
struct NewTrialRow<'a> {
    charge_id: &'a str,
    user_id: Option<i64>,
    email_digest: Option<String>,
    card_fingerprint: Option<&'a str>,
    paypal_payer: Option<&'a str>,
    given_at: Timestamp,
}
