//! Redeeming codes, and what a paid purchase delivers besides premium: a gift's code to its
//! recipient.

use super::Billing;
use crate::access::MemberPlan;
use crate::checkout::Charge;
use crate::codes::{code_grant, CodeKind, GiftDetails, Seat, ONE_YEAR_DAYS};
use crate::error::BillingError;
use crate::model::{Plan, PlanKind};
use crate::ports::{BillingStore, NewCode, Secrets};
use kernel::{OutgoingMail, Session};

/// Code attempts one address may make per window (right or wrong).
pub const CODE_ATTEMPTS_PER_ADDRESS: u32 = 10;
pub const CODE_WINDOW_MINUTES: i64 = 15;

/// What a redemption gave: the member's plan after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Redeemed {
    pub kind: CodeKind,
    pub plan: MemberPlan,
}

/// What a paid purchase delivers, written in the transaction that records it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Deliveries {
    pub codes: Vec<NewCode>,
    pub mail: Vec<OutgoingMail>,
}

impl<'s, S: BillingStore + ?Sized> Billing<'s, S> {
    /// A signed-in member redeems a code (`only`: the kind a page takes, e.g. the StackSocial page
    /// takes marketplace codes). Attempts are limited per address; the code is used once, under a
    /// row lock, and extends the member's plan.
    pub fn redeem(&self, secrets: &dyn Secrets, session: Session, code: Option<&str>, only: Option<CodeKind>, client: &str) -> Result<Redeemed, BillingError> {
        let typed = code.map(kernel::normalise_code).filter(|c| !c.is_empty()).ok_or(BillingError::MissingCode)?;
        let payer = self.store.live_payer(session)?.ok_or(BillingError::NotSignedIn)?;
        // A gift (or any code) goes only to an account whose address is confirmed.
        if !payer.email_verified {
            return Err(BillingError::EmailNotConfirmed);
        }
        let member = payer.user;
        let since = self.now - chrono::Duration::minutes(CODE_WINDOW_MINUTES);
        if self.store.record_attempt(&format!("code:ip:{client}"), self.now, since)? > CODE_ATTEMPTS_PER_ADDRESS {
            return Err(BillingError::Throttled);
        }
        let record =
            self.store.find_code(&secrets.digest(&typed))?.filter(|c| c.usable() && only.is_none_or(|kind| kind == c.kind)).ok_or(BillingError::InvalidCode)?;
        let mut plan = None;
        self.store.atomically(&mut || {
            let grant = code_grant(&self.store.lock_grants_of(member)?, &record, member, self.now)?;
            if !self.store.redeem_code(record.id, member, self.now)? {
                return Err(BillingError::InvalidCode);
            }
            plan = self.add_grant(&grant)?;
            Ok(())
        })?;
        let plan = plan.ok_or_else(|| BillingError::Internal("a redeemed code left the member without a plan".into()))?;
        Ok(Redeemed { kind: record.kind, plan })
    }

    /// What a paid charge of `plan` delivers: for gifts, `charge.quantity` new one-year codes
    /// mailed together to the recipient (or to the buyer when no recipient address was given); for
    /// seats, that many codes listed for the buyer.
    pub(crate) fn deliveries(&self, secrets: &dyn Secrets, charge: &Charge, plan: &Plan) -> Result<Deliveries, BillingError> {
        match plan.kind {
            PlanKind::Gift => {
                let gift = self.store.gift_of(&charge.id)?.unwrap_or_default();
                let codes = new_codes(secrets, charge.quantity);
                // Stored as digests only: the mail is the one place the codes are written.
                let new_codes = codes.iter().map(|code| code_of_charge(secrets, code, CodeKind::Gift, plan, charge, None)).collect();
                let mail = gift_mail(self.site, &gift, &charge.email, &codes);
                let copy = buyers_copy(&mail, &charge.email, codes.len());
                Ok(Deliveries { codes: new_codes, mail: std::iter::once(mail).chain(copy).collect() })
            }
            PlanKind::Bulk => {
                let codes = new_codes(secrets, charge.quantity);
                // Seats are listed on the team page, so their codes are kept readable for it.
                let new_codes = codes.iter().map(|code| code_of_charge(secrets, code, CodeKind::Seat, plan, charge, Some(code.clone()))).collect();
                Ok(Deliveries { codes: new_codes, mail: vec![seats_mail(self.site, &charge.email, &codes)] })
            }
            _ => Ok(Deliveries::default()),
        }
    }

    /// The seats of the member's team purchases.
    pub fn seats(&self, session: Session) -> Result<Vec<Seat>, BillingError> {
        let member = self.member(session)?;
        Ok(self.store.seats_of(member)?)
    }

    /// Sends a seat's code to a colleague (again, if they lost it).
    pub fn invite_seat(&self, session: Session, seat_id: i64, email: Option<&str>) -> Result<Seat, BillingError> {
        let seat = self.own_seat(session, seat_id)?;
        let email = email.map(str::trim).filter(|e| !e.is_empty()).ok_or(BillingError::MissingEmail)?;
        let email = kernel::Email::parse(email).map_err(|_| BillingError::InvalidEmail)?;
        if !seat.can_invite() {
            return Err(BillingError::SeatTaken);
        }
        // A seat's code is mailed to whoever the buyer names: bounded per seat and per purchase
        // each day, so a purchase cannot be used to send mail to anyone in bulk.
        let since = self.now - chrono::Duration::days(1);
        let per_seat = self.store.record_attempt(&format!("seat-invite:seat:{}", seat.id), self.now, since)?;
        let per_purchase = self.store.record_attempt(&format!("seat-invite:charge:{}", seat.charge_id), self.now, since)?;
        if per_seat > SEAT_INVITES_PER_SEAT_PER_DAY || per_purchase > SEAT_INVITES_PER_PURCHASE_PER_DAY {
            return Err(BillingError::TooManySeatInvites);
        }
        self.store.invite_seat(seat.id, email.as_str(), &invite_mail(self.site, &seat.code, email.as_str()), self.now)?;
        Ok(Seat { invited_email: Some(email.as_str().to_owned()), invited_at: Some(self.now), ..seat })
    }

    /// Revokes a seat nobody redeemed; a new code takes its place. Answers the new seat list.
    pub fn revoke_seat(&self, secrets: &dyn Secrets, session: Session, seat_id: i64) -> Result<Vec<Seat>, BillingError> {
        let seat = self.own_seat(session, seat_id)?;
        if !seat.can_revoke() {
            return Err(BillingError::SeatTaken);
        }
        let code = secrets.new_code();
        let replacement = NewCode {
            digest: secrets.digest(&kernel::normalise_code(&code)),
            kind: CodeKind::Seat,
            plan_id: self.store.find_charge(&seat.charge_id)?.map_or_else(|| "bulk".to_owned(), |c| c.plan_id),
            duration_days: Some(ONE_YEAR_DAYS),
            charge_id: Some(seat.charge_id.clone()),
            shown: Some(code),
        };
        if !self.store.revoke_seat(seat.id, &replacement, self.now)? {
            return Err(BillingError::SeatTaken);
        }
        self.seats(session)
    }

    /// A seat of the member's own purchases; anyone else's is "not found".
    fn own_seat(&self, session: Session, seat_id: i64) -> Result<Seat, BillingError> {
        let member = self.member(session)?;
        match self.store.seat(seat_id)? {
            Some((seat, Some(owner))) if owner == member => Ok(seat),
            _ => Err(BillingError::SeatNotFound),
        }
    }

    /// Checks a gift form against the buyer: the code must have somewhere to go.
    pub(crate) fn check_gift(plan: &Plan, gift: Option<&GiftDetails>, buyer_email: Option<&str>) -> Result<(), BillingError> {
        if plan.kind == PlanKind::Gift && gift.and_then(|g| g.recipient_email.as_deref()).or(buyer_email).is_none_or(str::is_empty) {
            return Err(BillingError::GiftNeedsAddress);
        }
        Ok(())
    }
}

/// `count` fresh codes, as people will type them.
fn new_codes(secrets: &dyn Secrets, count: u32) -> Vec<String> {
    (0..count).map(|_| secrets.new_code()).collect()
}

/// One code a paid charge makes: a year of `plan`, tied to the charge so that a refund or a lost
/// dispute revokes it with the others.
fn code_of_charge(secrets: &dyn Secrets, code: &str, kind: CodeKind, plan: &Plan, charge: &Charge, shown: Option<String>) -> NewCode {
    NewCode {
        digest: secrets.digest(&kernel::normalise_code(code)),
        kind,
        plan_id: plan.id.clone(),
        duration_days: Some(ONE_YEAR_DAYS),
        charge_id: Some(charge.id.clone()),
        shown,
    }
}

/// The list of seat codes for their buyer.
fn seats_mail(site: &str, to: &str, codes: &[String]) -> OutgoingMail {
    let site = site.trim_end_matches('/');
    let list: String = codes.iter().enumerate().map(|(n, code)| format!("{:>4}. {code}\n", n + 1)).collect();
    OutgoingMail {
        to: to.to_owned(),
        subject: format!("Your {} Gistbook team seats", codes.len()),
        text_body: format!(
            "Thank you for buying Gistbook Premium for your team.\n\nEach code below gives one person a year of Premium and works once:\n\n{list}\n\
             Hand them out yourself, or invite colleagues by e-mail and follow who joined on {site}/teams/manage \
             (sign in with this e-mail address; if you paid without an account, create one with the link in your receipt).\n\n\
             The Gistbook team\n"
        ),
        attachment: None,
    }
}

/// Invitations of one seat a day (a lost mail sent again, a mistyped address corrected).
pub const SEAT_INVITES_PER_SEAT_PER_DAY: u32 = 3;
/// Invitations of one purchase's seats a day: every seat of the largest team, and some again.
pub const SEAT_INVITES_PER_PURCHASE_PER_DAY: u32 = 250;

/// A colleague's invitation to a seat.
fn invite_mail(site: &str, code: &str, to: &str) -> OutgoingMail {
    let site = site.trim_end_matches('/');
    OutgoingMail {
        to: to.to_owned(),
        subject: "You're invited to Gistbook Premium".to_owned(),
        text_body: format!(
            "Hello,\n\nYour team has a Gistbook Premium seat for you: a year of the key ideas of great non-fiction in about 15 minutes.\n\n\
             Your code: {code}\n\nCreate your account with it here:\n{site}/subscriptioncode/{}\n\n\
             Already a member? Sign in and redeem the code from your account page ({site}/account).\n\nThe Gistbook team\n",
            kernel::url::encode_component(code)
        ),
        attachment: None,
    }
}

/// The buyer keeps a copy of gifts that went to someone else (to forward it if that address was
/// mistyped); none when they went to the buyer, or when a guest gave no address of their own.
fn buyers_copy(mail: &OutgoingMail, buyer_email: &str, count: usize) -> Option<OutgoingMail> {
    if buyer_email.is_empty() || mail.to.eq_ignore_ascii_case(buyer_email) {
        return None;
    }
    let what = if count == 1 { "the gift".to_owned() } else { format!("the {count} gifts") };
    Some(OutgoingMail {
        to: buyer_email.to_owned(),
        subject: format!("Copy: {}", mail.subject),
        text_body: format!("A copy of {what} you sent to {}.\n\n{}", mail.to, mail.text_body),
        attachment: None,
    })
}

/// The mail that carries a purchase's gift codes: one code reads as a gift to the recipient,
/// several as codes to keep or pass on.
fn gift_mail(site: &str, gift: &GiftDetails, buyer_email: &str, codes: &[String]) -> OutgoingMail {
    let site = site.trim_end_matches('/');
    let to = gift.recipient_email.clone().unwrap_or_else(|| buyer_email.to_owned());
    let from = if gift.sender_name.is_empty() { "Someone".to_owned() } else { gift.sender_name.clone() };
    let hello = if gift.recipient_name.is_empty() { "Hello".to_owned() } else { format!("Hello {}", gift.recipient_name) };
    let given = match codes.len() {
        1 => "a year of Gistbook Premium".to_owned(),
        n => format!("{n} gifts of a year of Gistbook Premium each"),
    };
    let mut body = format!("{hello},\n\n{from} has given you {given}: the key ideas of great non-fiction in about 15 minutes, to read or listen to.\n");
    if !gift.message.is_empty() {
        body.push_str(&format!("\nTheir message:\n\n{}\n", gift.message));
    }
    body.push_str(&match codes {
        [code] => one_gift_code(site, code),
        _ => several_gift_codes(site, codes),
    });
    let subject = match codes.len() {
        1 => format!("{from} sent you a year of Gistbook Premium"),
        n => format!("{from} sent you {n} gifts of Gistbook Premium"),
    };
    OutgoingMail { to, subject, text_body: body, attachment: None }
}

/// Where the page redeems `code`.
fn code_link(site: &str, code: &str) -> String {
    format!("{site}/subscriptioncode/{}", kernel::url::encode_component(code))
}

/// The end of a one-gift mail: the code, its link and how it is used.
fn one_gift_code(site: &str, code: &str) -> String {
    format!(
        "\nYour gift code: {code}\n\nNew to Gistbook? Create your account with the code here:\n{}\n\n\
         Already a member? Sign in and redeem it from your account page ({site}/account). A gift adds a year after any \
         Premium you have already. The code does not expire and works once.\n\nThe Gistbook team\n",
        code_link(site, code)
    )
}

/// The end of a mail of several gifts: every code with its link, one a line, and how they are used.
fn several_gift_codes(site: &str, codes: &[String]) -> String {
    let list: String = codes.iter().map(|code| format!("{code}  {}\n", code_link(site, code))).collect();
    format!(
        "\nYour gift codes:\n\n{list}\nEach code gives one person a year of Premium: keep one and pass the others on. \
         New to Gistbook? Create an account with a code at its link. Already a member? Sign in and redeem a code from \
         the account page ({site}/account); a gift adds a year after any Premium the member has already. The codes do \
         not expire and each works once.\n\nThe Gistbook team\n"
    )
}
