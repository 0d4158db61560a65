//! Members in the back office: the list (with search), one member, and editing them. A change of
//! plan by hand needs a reason; every change is audited in its own transaction.

use super::Admin;
use crate::audit::{changes, AuditAction, AuditEntry};
use crate::error::AdminError;
use crate::form::{first_problem, Field, FieldKind, FieldValue};
use crate::model::MemberSummary;
use crate::ports::{AdminStore, OperatorGrant};
use billing::access::{AccessGrant, GrantSource, MemberPlan, NewGrant, Revocation};
use kernel::{Email, UserId};
use serde_json::json;

/// The user edit form's fields (spec: first name, last name and e-mail are required).
pub const MEMBER_FORM: [Field; 6] = [
    Field::required("firstName", "First Name*", FieldKind::Text),
    Field::required("lastName", "Last Name*", FieldKind::Text),
    Field::required("email", "Email*", FieldKind::Text),
    Field::optional("planId", "Plan", FieldKind::Select),
    Field::optional("paidDate", "Paid Date", FieldKind::Date),
    Field::optional("paymentMethod", "Payment Method", FieldKind::Text),
];

/// The longest search the members list takes.
pub const MAX_SEARCH: usize = 100;

/// The edit form as sent (`PUT /api/admin/user`).
#[derive(Debug, Clone, Default)]
pub struct MemberChange<'a> {
    pub user_id: Option<i64>,
    pub first_name: Option<&'a str>,
    pub last_name: Option<&'a str>,
    pub email: Option<&'a str>,
    /// Empty or missing: no plan.
    pub plan_id: Option<&'a str>,
    /// Epoch ms; 0 or missing: never paid.
    pub paid_date: Option<i64>,
    /// Epoch ms. Missing: the end stays as it is; 0: no end (for life).
    pub end_paid_date: Option<i64>,
    pub payment_method: Option<&'a str>,
    /// Why the plan changed (required when it does).
    pub reason: Option<&'a str>,
}

fn view(member: &MemberSummary) -> serde_json::Value {
    json!({
        "firstName": member.first_name,
        "lastName": member.last_name,
        "email": member.email,
        "planId": member.plan_id,
        "paidDate": member.paid_date.map(|d| d.timestamp_millis()),
        "endPaidDate": member.end_paid_date.map(|d| d.timestamp_millis()),
        "paymentMethod": member.payment_method,
    })
}

fn plan_view(member: &MemberSummary) -> (Option<&str>, Option<i64>, Option<i64>) {
    (member.plan_id.as_deref(), member.paid_date.map(|d| d.timestamp_millis()), member.end_paid_date.map(|d| d.timestamp_millis()))
}

impl<'s, S: AdminStore + ?Sized> Admin<'s, S> {
    /// Live members, newest first, 100 from `start`; with `search`, those whose e-mail or name
    /// contains it (any case).
    pub fn find_members(&self, start: i64, search: Option<&str>) -> Result<Vec<MemberSummary>, AdminError> {
        if start < 0 {
            return Err(AdminError::NegativeStart);
        }
        match search.map(str::trim).filter(|s| !s.is_empty()) {
            None => Ok(self.store.members_from(start, super::MEMBERS_PAGE)?),
            Some(text) if text.chars().count() > MAX_SEARCH => Err(AdminError::SearchTooLong),
            Some(text) => Ok(self.store.search_members(text, start, super::MEMBERS_PAGE)?),
        }
    }

    /// A page of the members list with how many there are in all (the list's count).
    pub fn members_page(&self, start: i64, search: Option<&str>) -> Result<(Vec<MemberSummary>, i64), AdminError> {
        let members = self.find_members(start, search)?;
        let total = self.store.count_members(search.map(str::trim).filter(|s| !s.is_empty()))?;
        Ok((members, total))
    }

    /// One live member.
    pub fn member(&self, id: i64) -> Result<MemberSummary, AdminError> {
        self.store.member(UserId(id))?.ok_or(AdminError::MemberNotFound)
    }

    /// Saves the user edit form: the spec's required fields (first failing message), a valid and
    /// free e-mail, a known plan, and a reason whenever the plan, paid date or end changes. The
    /// change and its audit entry are written together; a save that changes nothing writes
    /// nothing.
    pub fn update_member(&self, actor: UserId, change: &MemberChange<'_>) -> Result<MemberSummary, AdminError> {
        let id = change.user_id.ok_or(AdminError::MemberNotFound)?;
        let before = self.member(id)?;
        let value_of = |field: &str| -> FieldValue<'_> {
            let found = match field {
                "firstName" => change.first_name,
                "lastName" => change.last_name,
                "email" => change.email,
                "planId" => change.plan_id,
                "paymentMethod" => change.payment_method,
                _ => None,
            };
            found.map_or(FieldValue::Missing, FieldValue::Text)
        };
        if let Some(message) = first_problem(&MEMBER_FORM, value_of) {
            return Err(AdminError::Invalid(message));
        }
        let email = Email::parse(change.email.unwrap_or_default().trim()).map_err(|_| AdminError::InvalidEmail)?;
        if self.store.member_with_email(email.as_str())?.is_some_and(|other| other != before.id) {
            return Err(AdminError::EmailTaken);
        }
        let plan_id = change.plan_id.map(str::trim).filter(|p| !p.is_empty()).map(str::to_owned);
        if let Some(plan) = &plan_id {
            if !self.store.plan_exists(plan)? {
                return Err(AdminError::UnknownPlan);
            }
        }
        let after = MemberSummary {
            first_name: change.first_name.unwrap_or_default().trim().to_owned(),
            last_name: change.last_name.unwrap_or_default().trim().to_owned(),
            email: email.as_str().to_owned(),
            plan_id,
            paid_date: match change.paid_date.filter(|ms| *ms != 0) {
                Some(ms) => Some(crate::form::date_from_millis(ms)?),
                None => None,
            },
            end_paid_date: match change.end_paid_date {
                None => before.end_paid_date,
                Some(0) => None,
                Some(ms) => Some(crate::form::date_from_millis(ms)?),
            },
            payment_method: change.payment_method.map(str::trim).filter(|p| !p.is_empty()).map(str::to_owned),
            ..before.clone()
        };
        if after.plan_id.is_some() && after.paid_date.is_none() {
            return Err(AdminError::Invalid("Please specify Paid Date.".into()));
        }
        let Some((was, now)) = changes(&view(&before), &view(&after)) else { return Ok(before) };
        let plan_changed = plan_view(&before) != plan_view(&after);
        let reason = change.reason.map(str::trim).filter(|r| !r.is_empty());
        if plan_changed && reason.is_none() {
            return Err(AdminError::ReasonRequired);
        }
        // The plan an operator sets is a grant of theirs: it replaces their earlier one and adds
        // to what the member bought; the fields shown are the union's, as billing derives them.
        let operator_grant = plan_changed.then(|| OperatorGrant {
            grant: after.plan_id.clone().zip(after.paid_date).map(|(plan_id, starts_at)| NewGrant {
                user: before.id,
                plan_id,
                source: GrantSource::Operator,
                starts_at,
                ends_at: after.end_paid_date,
            }),
            at: self.now,
        });
        let mut after = after;
        if let Some(change) = &operator_grant {
            let mut grants: Vec<AccessGrant> = self.store.member_grants(before.id)?;
            for grant in grants.iter_mut().filter(|g| g.source.is_operators() && g.revoked.is_none()) {
                grant.revoked = Some((self.now, Revocation::Operator));
            }
            if let Some(new) = &change.grant {
                grants.push(AccessGrant {
                    id: i64::MAX,
                    user: new.user,
                    plan_id: new.plan_id.clone(),
                    source: new.source.clone(),
                    starts_at: new.starts_at,
                    ends_at: new.ends_at,
                    revoked: None,
                });
            }
            let derived = MemberPlan::from_grants(&grants, self.now);
            after.plan_id = derived.as_ref().map(|p| p.plan_id.clone());
            after.paid_date = derived.as_ref().map(|p| p.paid_date);
            after.end_paid_date = derived.and_then(|p| p.end_paid_date);
        }
        let entry = AuditEntry {
            actor,
            action: if plan_changed { AuditAction::PlanChanged } else { AuditAction::MemberUpdated },
            entity_id: before.id.0.to_string(),
            before: was,
            after: now,
            reason: reason.map(str::to_owned),
            at: self.now,
        };
        self.store.save_member(&after, operator_grant.as_ref(), &entry)?;
        Ok(after)
    }
}
