use super::*;

mod two_factor;
use crate::fakes::*;
use chrono::{TimeZone, Utc};
use kernel::{FixedClock, Role};

struct World {
    store: Arc<InMemoryStore>,
    clock: Arc<FixedClock>,
    service: IdentityService,
}

fn world() -> World {
    let store = Arc::new(InMemoryStore::default());
    let clock = Arc::new(FixedClock::new(Utc.with_ymd_and_hms(2026, 3, 1, 12, 0, 0).unwrap()));
    let deps = IdentityDeps {
        store: store.clone(),
        hasher: Arc::new(FakeHasher),
        tokens: Arc::new(FakeTokens),
        secrets: Arc::new(FakeSecrets::default()),
        clock: clock.clone(),
        providers: Arc::new(FakeProviders::default()),
        one_time_passwords: Arc::new(FakeOneTimePasswords::default()),
        sealer: Arc::new(FakeSealer),
    };
    let service = IdentityService::new(deps, ThrottlePolicy::default(), "https://gistbook.test");
    World { store, clock, service }
}

fn form(email: &str, password: &str) -> RegistrationForm {
    RegistrationForm {
        username: Some(email.into()),
        password: Some(password.into()),
        first_name: Some("Ada".into()),
        last_name: Some("Lovelace".into()),
        timezone: Some("Europe/London".into()),
        referral_id: None,
    }
}

#[test]
fn a_sign_up_keeps_the_referral_link_it_came_with_trimmed_and_only_when_it_may_be_one() {
    let kept = |referral_id: Option<&str>| {
        RegistrationForm { referral_id: referral_id.map(str::to_owned), ..form("a@b.co", "lantern-ridge-1") }
            .validate(IdentityError::MissingRegistrationFields)
            .unwrap()
            .joined_via_referral
    };
    assert_eq!(kept(Some("  r-abc123 ")), Some("r-abc123".to_owned()));
    assert_eq!(kept(Some("   ")), None);
    assert_eq!(kept(None), None);
    assert_eq!(kept(Some(&"x".repeat(crate::model::REFERRAL_ID_MAX + 1))), None, "no link of ours is that long");
    assert_eq!(kept(Some(&"x".repeat(crate::model::REFERRAL_ID_MAX))).map(|id| id.len()), Some(crate::model::REFERRAL_ID_MAX));
}

fn verification_code_from_mail(mail: &OutgoingMail) -> String {
    assert_eq!(mail.subject, VERIFICATION_SUBJECT);
    let line = mail.text_body.lines().find(|l| l.contains("/verify-email/")).expect("link in mail");
    line.rsplit('/').next().unwrap().trim().to_owned()
}

#[test]
fn sign_up_mails_a_link_that_confirms_the_address_once_within_a_day() {
    let w = world();
    let signed_in = w.service.register(&form("a@b.co", "lantern-ridge-1"), "10.0.0.1").unwrap();
    assert!(!signed_in.user.email_verified);
    let mail = &w.store.outbox()[0];
    assert_eq!(mail.to, "a@b.co");
    assert!(mail.text_body.contains("https://gistbook.test/verify-email/"), "{}", mail.text_body);
    let code = verification_code_from_mail(mail);
    assert_eq!(w.service.verify_email(Some("not-the-code")), Err(IdentityError::InvalidVerificationLink));
    assert_eq!(w.service.verify_email(None), Err(IdentityError::InvalidVerificationLink));
    w.service.verify_email(Some(&code)).unwrap();
    assert!(w.service.current_user(signed_in.session).unwrap().email_verified);
    assert_eq!(w.service.verify_email(Some(&code)), Err(IdentityError::InvalidVerificationLink), "single use");
    assert_eq!(w.service.resend_verification(signed_in.session), Err(IdentityError::EmailAlreadyVerified));
}

#[test]
fn a_confirmation_link_expires_after_a_day_and_a_new_one_can_be_asked_for_three_times_an_hour() {
    let w = world();
    let signed_in = w.service.register(&form("a@b.co", "lantern-ridge-1"), "10.0.0.1").unwrap();
    let old = verification_code_from_mail(&w.store.outbox()[0]);
    w.clock.advance(Duration::hours(25));
    assert_eq!(w.service.verify_email(Some(&old)), Err(IdentityError::InvalidVerificationLink));
    for _ in 0..3 {
        w.service.resend_verification(signed_in.session).unwrap();
    }
    assert_eq!(w.service.resend_verification(signed_in.session), Err(IdentityError::Throttled));
    let fresh = verification_code_from_mail(w.store.outbox().last().unwrap());
    w.service.verify_email(Some(&fresh)).unwrap();
}

#[test]
fn a_password_reset_confirms_the_address_too() {
    let w = world();
    let signed_in = w.service.register(&form("a@b.co", "lantern-ridge-1"), "10.0.0.1").unwrap();
    w.service.forgot_password(Some("a@b.co"), "1.1.1.1").unwrap();
    let code = reset_code_from_mail(w.store.outbox().last().unwrap());
    w.service.reset_password(Some("a@b.co"), Some(&code), Some("harbor-light-2"), Some("harbor-light-2")).unwrap();
    let user = w.service.login(Some("a@b.co"), Some("harbor-light-2"), "1.1.1.1").unwrap().signed_in().unwrap().user;
    assert_eq!(user.id, signed_in.user.id);
    assert!(user.email_verified);
}

/// The mail besides the sign-up's confirmation links.
fn other_mail(w: &World) -> Vec<OutgoingMail> {
    w.store.outbox().into_iter().filter(|m| m.subject != VERIFICATION_SUBJECT).collect()
}

/// An account a provider made (no password), as the store keeps it.
fn provider_account(store: &InMemoryStore, email: &str, now: kernel::Timestamp) -> User {
    let new = NewUser {
        email: Email::parse(email).unwrap(),
        password_hash: NO_PASSWORD.to_owned(),
        first_name: PersonName::parse("So").unwrap(),
        last_name: PersonName::parse("Cial").unwrap(),
        timezone: TimeZoneName::parse_or_utc(None),
        plan: PlanState::default(),
        now,
        email_verified: true,
        joined_via_referral: None,
    };
    store.create_user(new).unwrap().unwrap()
}

fn reset_code_from_mail(mail: &OutgoingMail) -> String {
    let line = mail.text_body.lines().find(|l| l.contains("/reset-password/")).expect("link in mail");
    line.rsplit('/').next().unwrap().trim().to_owned()
}

#[test]
fn password_policy_is_8_to_128_characters() {
    assert_eq!(Password::parse("short").unwrap_err(), IdentityError::PasswordLength);
    assert!(Password::parse("eightchr").is_ok());
    assert!(Password::parse(&"x".repeat(128)).is_ok());
    assert_eq!(Password::parse(&"x".repeat(129)).unwrap_err(), IdentityError::PasswordLength);
    // Characters, not bytes.
    assert!(Password::parse("ééééééé").is_err());
    assert!(Password::parse("éééééééé").is_ok());
    assert_eq!(format!("{:?}", Password::parse("secret-password").unwrap()), "Password(***)");
}

#[test]
fn the_most_common_passwords_are_refused_in_any_case() {
    for common in ["password", "12345678", "PassWord", "iloveyou", "qwertyuiop", "password1"] {
        assert_eq!(Password::parse(common).unwrap_err(), IdentityError::CommonPassword, "{common}");
    }
    assert!(Password::parse("lantern-ridge-1").is_ok());
    let w = world();
    assert_eq!(w.service.register(&form("a@b.co", "12345678"), "10.0.0.1").unwrap_err(), IdentityError::CommonPassword);
}

#[test]
fn registration_requires_every_field_with_one_message() {
    let w = world();
    for blank in [
        RegistrationForm { username: None, ..form("a@b.co", "lantern-ridge-1") },
        RegistrationForm { password: Some(String::new()), ..form("a@b.co", "lantern-ridge-1") },
        RegistrationForm { first_name: Some("  ".into()), ..form("a@b.co", "lantern-ridge-1") },
        RegistrationForm { last_name: None, ..form("a@b.co", "lantern-ridge-1") },
    ] {
        let err = w.service.register(&blank, "10.0.0.1").unwrap_err();
        assert_eq!(err.to_string(), "Please specify an email or password or first name or last name.");
    }
    assert_eq!(w.service.register(&form("not-an-email", "lantern-ridge-1"), "10.0.0.1").unwrap_err(), IdentityError::InvalidEmail);
    assert_eq!(w.service.register(&form("a@b.co", "short"), "10.0.0.1").unwrap_err(), IdentityError::PasswordLength);
}

#[test]
fn registration_signs_in_and_rejects_a_taken_email() {
    let w = world();
    let signed_in = w.service.register(&form("Ada@Example.com", "lantern-ridge-1"), "10.0.0.1").unwrap();
    assert_eq!(signed_in.user.email.as_str(), "ada@example.com");
    assert_eq!(signed_in.user.role, Role::Member);
    assert_eq!(signed_in.user.timezone, "Europe/London");
    assert!(!signed_in.user.plan.is_paid(w.clock.now()));
    let err = w.service.register(&form("ada@example.com", "lantern-ridge-2"), "10.0.0.1").unwrap_err();
    assert_eq!(err, IdentityError::EmailTaken);
}

#[test]
fn unknown_timezones_fall_back_to_utc() {
    let w = world();
    let user = w.service.register(&RegistrationForm { timezone: Some("Mars/Olympus".into()), ..form("a@b.co", "lantern-ridge-1") }, "10.0.0.1").unwrap().user;
    assert_eq!(user.timezone, "UTC");
}

#[test]
fn access_token_claims_last_one_hour_and_carry_the_role() {
    let w = world();
    let signed_in = w.service.register(&form("a@b.co", "lantern-ridge-1"), "10.0.0.1").unwrap();
    let expected_expiry = (w.clock.now() + Duration::hours(1)).timestamp();
    assert_eq!(signed_in.access_token, format!("access:{}:member:{expected_expiry}", signed_in.user.id));
    let claims = AccessClaims::for_user(&signed_in.user, signed_in.session.id, w.clock.now());
    assert_eq!(claims.session, signed_in.session.id);
    assert_eq!(claims.expires_at - claims.issued_at, Duration::seconds(3600));
}

#[test]
fn login_answers_alike_for_unknown_email_and_wrong_password() {
    let w = world();
    w.service.register(&form("a@b.co", "lantern-ridge-1"), "10.0.0.1").unwrap();
    let unknown = w.service.login(Some("nobody@b.co"), Some("lantern-ridge-1"), "1.1.1.1").unwrap_err();
    let wrong = w.service.login(Some("a@b.co"), Some("wrong-password"), "1.1.1.1").unwrap_err();
    assert_eq!(unknown, wrong);
    assert_eq!(wrong.to_string(), "Incorrect email or password.");
    assert_eq!(w.service.login(Some(""), Some("x"), "1.1.1.1").unwrap_err().to_string(), "Please specify an email or password.");
    assert_eq!(w.service.login(Some(" A@B.CO "), Some("lantern-ridge-1"), "1.1.1.1").unwrap().signed_in().unwrap().user.email.as_str(), "a@b.co");
}

#[test]
fn login_throttles_per_account_and_address_without_locking_out_the_owner_elsewhere() {
    let w = world();
    w.service.register(&form("a@b.co", "lantern-ridge-1"), "10.0.0.1").unwrap();
    for _ in 0..5 {
        assert_eq!(w.service.login(Some("a@b.co"), Some("bad-guess!"), "6.6.6.6").unwrap_err(), IdentityError::InvalidCredentials);
    }
    // The attacker's address is now throttled, even with the right password.
    assert_eq!(w.service.login(Some("a@b.co"), Some("lantern-ridge-1"), "6.6.6.6").unwrap_err(), IdentityError::Throttled);
    // The owner, from their own address, still gets in.
    assert!(w.service.login(Some("a@b.co"), Some("lantern-ridge-1"), "2.2.2.2").is_ok());
    // The window passes.
    w.clock.advance(Duration::minutes(16));
    assert!(w.service.login(Some("a@b.co"), Some("lantern-ridge-1"), "6.6.6.6").is_ok());
}

#[test]
fn wrong_passwords_for_one_account_from_many_addresses_slow_its_checks_down_exponentially() {
    let w = world();
    w.service.register(&form("a@b.co", "lantern-ridge-1"), "10.0.0.1").unwrap();
    let delayed = |n: i64| IdentityError::AccountDelayed(crate::throttle::Wait(n));
    for i in 0..10 {
        let from = format!("6.6.6.{i}");
        assert_eq!(w.service.login(Some("a@b.co"), Some("bad-guess!"), from.as_str()).unwrap_err(), IdentityError::InvalidCredentials, "guess {i}");
    }
    // The eleventh, from a fresh address, is not checked at all, right password or not.
    assert_eq!(w.service.login(Some("a@b.co"), Some("bad-guess!"), "6.6.7.1").unwrap_err(), delayed(1));
    assert_eq!(w.service.login(Some("A@B.co"), Some("lantern-ridge-1"), "2.2.2.2").unwrap_err(), delayed(1));
    assert_eq!(
        w.service.login(Some("a@b.co"), Some("x-guess!!"), "6.6.7.2").unwrap_err().to_string(),
        "Too many wrong attempts for this account. Please try again in 1 second, or reset your password with a link by e-mail."
    );
    // Each wait lets one check through; a wrong one doubles the next wait.
    for wait in [1, 2, 4, 8] {
        w.clock.advance(Duration::seconds(wait));
        assert_eq!(w.service.login(Some("a@b.co"), Some("bad-guess!"), "6.6.8.1").unwrap_err(), IdentityError::InvalidCredentials, "after {wait} s");
        assert_eq!(w.service.login(Some("a@b.co"), Some("bad-guess!"), "6.6.8.2").unwrap_err(), delayed(wait * 2));
    }
    // Another account is not slowed down, and an unknown address is slowed down the same way.
    w.service.register(&form("c@b.co", "lantern-ridge-1"), "10.0.0.1").unwrap();
    assert!(w.service.login(Some("c@b.co"), Some("lantern-ridge-1"), "6.6.6.1").is_ok());
    // The owner, after the wait, gets in with the right password, and that ends the delay.
    w.clock.advance(Duration::seconds(16));
    assert!(w.service.login(Some("a@b.co"), Some("lantern-ridge-1"), "2.2.2.2").is_ok());
    assert_eq!(w.service.login(Some("a@b.co"), Some("bad-guess!"), "6.6.9.1").unwrap_err(), IdentityError::InvalidCredentials);
}

#[test]
fn unknown_accounts_are_slowed_down_like_real_ones() {
    let w = world();
    for i in 0..10 {
        let from = format!("6.6.6.{i}");
        assert_eq!(w.service.login(Some("nobody@b.co"), Some("bad-guess!"), from.as_str()).unwrap_err(), IdentityError::InvalidCredentials);
    }
    assert_eq!(w.service.login(Some("nobody@b.co"), Some("bad-guess!"), "6.6.7.1").unwrap_err(), IdentityError::AccountDelayed(crate::throttle::Wait(1)));
}

#[test]
fn the_e_mailed_reset_link_gets_the_owner_in_during_a_delay() {
    let w = world();
    w.service.register(&form("a@b.co", "lantern-ridge-1"), "10.0.0.1").unwrap();
    for i in 0..12 {
        // The ten free failures at once, then one after each wait (1 s, 2 s).
        w.clock.advance(Duration::seconds(i64::from(i).saturating_sub(9).max(0)));
        let failed = w.service.login(Some("a@b.co"), Some("bad-guess!"), format!("6.6.6.{i}").as_str());
        assert_eq!(failed.unwrap_err(), IdentityError::InvalidCredentials);
    }
    assert!(matches!(w.service.login(Some("a@b.co"), Some("lantern-ridge-1"), "2.2.2.2").unwrap_err(), IdentityError::AccountDelayed(_)));
    w.service.forgot_password(Some("a@b.co"), "2.2.2.2").unwrap();
    let code = reset_code_from_mail(w.store.outbox().last().unwrap());
    w.service.reset_password(Some("a@b.co"), Some(&code), Some("harbor-light-2"), Some("harbor-light-2")).unwrap();
    assert!(w.service.login(Some("a@b.co"), Some("harbor-light-2"), "2.2.2.2").is_ok(), "the reset ended the delay");
}

#[test]
fn guessing_reset_codes_for_one_account_is_slowed_down_too() {
    let w = world();
    w.service.register(&form("a@b.co", "lantern-ridge-1"), "10.0.0.1").unwrap();
    w.service.forgot_password(Some("a@b.co"), "2.2.2.2").unwrap();
    let code = reset_code_from_mail(w.store.outbox().last().unwrap());
    for n in 0..10 {
        let guess = format!("guess-{n}");
        assert_eq!(
            w.service.reset_password(Some("a@b.co"), Some(&guess), Some("harbor-light-2"), Some("harbor-light-2")),
            Err(IdentityError::InvalidResetCode)
        );
    }
    let now = w.service.reset_password(Some("a@b.co"), Some(&code), Some("harbor-light-2"), Some("harbor-light-2"));
    assert_eq!(now, Err(IdentityError::AccountDelayed(crate::throttle::Wait(1))), "even the right code waits");
    w.clock.advance(Duration::seconds(1));
    w.service.reset_password(Some("a@b.co"), Some(&code), Some("harbor-light-2"), Some("harbor-light-2")).unwrap();
}

#[test]
fn login_throttles_an_address_trying_many_accounts() {
    let w = world();
    for i in 0..30 {
        let email = format!("victim{i}@b.co");
        assert_eq!(w.service.login(Some(&email), Some("guess-guess"), "6.6.6.6").unwrap_err(), IdentityError::InvalidCredentials);
    }
    assert_eq!(w.service.login(Some("another@b.co"), Some("guess-guess"), "6.6.6.6").unwrap_err(), IdentityError::Throttled);
    assert_eq!(w.service.login(Some("another@b.co"), Some("guess-guess"), "7.7.7.7").unwrap_err(), IdentityError::InvalidCredentials);
}

#[test]
fn refresh_rotates_and_reuse_revokes_the_whole_family() {
    let w = world();
    let first = w.service.register(&form("a@b.co", "lantern-ridge-1"), "10.0.0.1").unwrap();
    let second = w.service.refresh(Some(&first.refresh_token), "1.1.1.1").unwrap();
    assert_ne!(second.refresh_token, first.refresh_token);
    let third = w.service.refresh(Some(&second.refresh_token), "1.1.1.1").unwrap();
    // Replaying an already-used token is theft: it fails and kills the newest one too.
    assert_eq!(w.service.refresh(Some(&first.refresh_token), "1.1.1.1").unwrap_err(), IdentityError::SessionExpired);
    assert_eq!(w.service.refresh(Some(&third.refresh_token), "1.1.1.1").unwrap_err(), IdentityError::SessionExpired);
    assert!(w.store.refresh_records(first.user.id).iter().all(|r| r.revoked_at.is_some()));
}

#[test]
fn refresh_reuse_does_not_touch_other_devices() {
    let w = world();
    let phone = w.service.register(&form("a@b.co", "lantern-ridge-1"), "10.0.0.1").unwrap();
    let laptop = w.service.login(Some("a@b.co"), Some("lantern-ridge-1"), "1.1.1.1").unwrap().signed_in().unwrap();
    w.service.refresh(Some(&phone.refresh_token), "1.1.1.1").unwrap();
    assert!(w.service.refresh(Some(&phone.refresh_token), "1.1.1.1").is_err());
    assert!(w.service.refresh(Some(&laptop.refresh_token), "1.1.1.1").is_ok());
}

#[test]
fn refresh_tokens_expire_after_thirty_days() {
    let w = world();
    let signed_in = w.service.register(&form("a@b.co", "lantern-ridge-1"), "10.0.0.1").unwrap();
    w.clock.advance(Duration::days(30) + Duration::seconds(1));
    assert_eq!(w.service.refresh(Some(&signed_in.refresh_token), "1.1.1.1").unwrap_err(), IdentityError::SessionExpired);
    assert_eq!(w.service.refresh(None, "1.1.1.1").unwrap_err(), IdentityError::SessionExpired);
    assert_eq!(w.service.refresh(Some("made-up"), "1.1.1.1").unwrap_err(), IdentityError::SessionExpired);
}

#[test]
fn logout_ends_only_the_session_of_a_live_refresh_token() {
    let w = world();
    let a = w.service.register(&form("a@b.co", "lantern-ridge-1"), "10.0.0.1").unwrap();
    let b = w.service.login(Some("a@b.co"), Some("lantern-ridge-1"), "1.1.1.1").unwrap().signed_in().unwrap();
    assert_ne!(a.session, b.session);
    w.service.logout(Some(&a.refresh_token)).unwrap();
    assert!(w.service.refresh(Some(&a.refresh_token), "1.1.1.1").is_err());
    assert_eq!(w.service.current_user(a.session).unwrap_err(), IdentityError::SessionExpired, "its access tokens end at once");
    assert!(w.service.current_user(b.session).is_ok(), "the other device stays signed in");
    // A stale cookie (already rotated) ends nothing.
    let rotated = w.service.refresh(Some(&b.refresh_token), "1.1.1.1").unwrap();
    w.service.logout(Some(&b.refresh_token)).unwrap();
    assert!(w.service.refresh(Some(&rotated.refresh_token), "1.1.1.1").is_ok());
    // Logging out without any credentials is harmless.
    w.service.logout(None).unwrap();
}

#[test]
fn signing_out_everywhere_ends_every_session() {
    let w = world();
    let a = w.service.register(&form("a@b.co", "lantern-ridge-1"), "10.0.0.1").unwrap();
    let b = w.service.login(Some("a@b.co"), Some("lantern-ridge-1"), "1.1.1.1").unwrap().signed_in().unwrap();
    w.service.sign_out_everywhere(b.session).unwrap();
    for session in [a.session, b.session] {
        assert_eq!(w.service.current_user(session).unwrap_err(), IdentityError::SessionExpired);
    }
    assert!(w.service.refresh(Some(&a.refresh_token), "1.1.1.1").is_err() && w.service.refresh(Some(&b.refresh_token), "1.1.1.1").is_err());
    assert_eq!(w.service.sign_out_everywhere(b.session).unwrap_err(), IdentityError::SessionExpired);
}

#[test]
fn forgot_password_answers_alike_and_mails_only_real_accounts() {
    let w = world();
    w.service.register(&form("a@b.co", "lantern-ridge-1"), "10.0.0.1").unwrap();
    assert_eq!(w.service.forgot_password(Some("nobody@b.co"), "1.1.1.1"), Ok(()));
    assert!(other_mail(&w).is_empty());
    assert_eq!(w.service.forgot_password(Some("A@b.co"), "1.1.1.1"), Ok(()));
    let mail = &other_mail(&w)[0];
    assert_eq!(mail.to, "a@b.co");
    assert!(mail.text_body.contains("https://gistbook.test/reset-password/a%40b.co/"), "{}", mail.text_body);
    assert_eq!(w.service.forgot_password(Some(""), "1.1.1.1").unwrap_err().to_string(), "Please specify Email.");
    assert_eq!(w.service.forgot_password(Some("nope"), "1.1.1.1").unwrap_err(), IdentityError::InvalidEmail);
}

#[test]
fn forgot_password_is_throttled_per_account_and_address() {
    let w = world();
    w.service.register(&form("a@b.co", "lantern-ridge-1"), "10.0.0.1").unwrap();
    for _ in 0..3 {
        w.service.forgot_password(Some("a@b.co"), "6.6.6.6").unwrap();
    }
    assert_eq!(w.service.forgot_password(Some("a@b.co"), "6.6.6.6").unwrap_err(), IdentityError::Throttled);
    assert_eq!(w.service.forgot_password(Some("a@b.co"), "2.2.2.2"), Ok(()));
}

#[test]
fn reset_password_consumes_the_code_and_revokes_sessions() {
    let w = world();
    let signed_in = w.service.register(&form("a@b.co", "lantern-ridge-1"), "10.0.0.1").unwrap();
    w.service.forgot_password(Some("a@b.co"), "1.1.1.1").unwrap();
    let code = reset_code_from_mail(&other_mail(&w)[0]);
    assert_eq!(
        w.service.reset_password(Some("a@b.co"), Some(&code), Some("new-password"), Some("other-password")).unwrap_err(),
        IdentityError::PasswordsDiffer
    );
    assert_eq!(w.service.reset_password(Some("a@b.co"), Some(&code), Some(""), Some("x")).unwrap_err().to_string(), "Please specify New Password.");
    w.service.reset_password(Some("a@b.co"), Some(&code), Some("new-password"), Some("new-password")).unwrap();
    assert!(w.service.refresh(Some(&signed_in.refresh_token), "1.1.1.1").is_err());
    assert!(w.service.login(Some("a@b.co"), Some("lantern-ridge-1"), "1.1.1.1").is_err());
    assert!(w.service.login(Some("a@b.co"), Some("new-password"), "1.1.1.1").is_ok());
    // Single use.
    assert_eq!(
        w.service.reset_password(Some("a@b.co"), Some(&code), Some("third-password"), Some("third-password")).unwrap_err(),
        IdentityError::InvalidResetCode
    );
}

#[test]
fn reset_codes_expire_after_one_hour_and_belong_to_one_account() {
    let w = world();
    w.service.register(&form("a@b.co", "lantern-ridge-1"), "10.0.0.1").unwrap();
    w.service.register(&form("c@d.co", "lantern-ridge-1"), "10.0.0.1").unwrap();
    w.service.forgot_password(Some("a@b.co"), "1.1.1.1").unwrap();
    let code = reset_code_from_mail(&other_mail(&w)[0]);
    assert_eq!(w.service.reset_password(Some("c@d.co"), Some(&code), Some("new-password"), Some("new-password")).unwrap_err(), IdentityError::InvalidResetCode);
    w.clock.advance(Duration::minutes(61));
    assert_eq!(w.service.reset_password(Some("a@b.co"), Some(&code), Some("new-password"), Some("new-password")).unwrap_err(), IdentityError::InvalidResetCode);
}

#[test]
fn subscription_code_sign_up_grants_the_plan_once() {
    let w = world();
    w.store.add_subscription_code("digest(ABCD1234)", "yearly", Some(365));
    let missing = w.service.register_with_code(&form("a@b.co", "lantern-ridge-1"), Some(" "), "10.0.0.1").unwrap_err();
    assert_eq!(missing.to_string(), "Please specify an email or code or password or first name or last name.");
    let user = w.service.register_with_code(&form("a@b.co", "lantern-ridge-1"), Some("abcd-1234"), "10.0.0.1").unwrap().user;
    assert!(user.plan.is_paid(w.clock.now()));
    assert_eq!(user.plan.plan_id.as_deref(), Some("yearly"));
    assert_eq!(user.plan.end_paid_date, Some(w.clock.now() + Duration::days(365)));
    let again = w.service.register_with_code(&form("c@d.co", "lantern-ridge-1"), Some("ABCD-1234"), "10.0.0.1").unwrap_err();
    assert_eq!(again, IdentityError::InvalidSubscriptionCode);
    let unknown = w.service.register_with_code(&form("c@d.co", "lantern-ridge-1"), Some("ZZZZ"), "10.0.0.1").unwrap_err();
    assert_eq!(unknown, IdentityError::InvalidSubscriptionCode);
}

#[test]
fn a_taken_email_does_not_burn_the_code() {
    let w = world();
    w.service.register(&form("a@b.co", "lantern-ridge-1"), "10.0.0.1").unwrap();
    w.store.add_subscription_code("digest(LIFETIME1)", "lifetime", None);
    let err = w.service.register_with_code(&form("a@b.co", "lantern-ridge-1"), Some("LIFETIME1"), "10.0.0.1").unwrap_err();
    assert_eq!(err, IdentityError::EmailTaken);
    let user = w.service.register_with_code(&form("c@d.co", "lantern-ridge-1"), Some("LIFETIME1"), "10.0.0.1").unwrap().user;
    assert_eq!(user.plan.end_paid_date, None);
    w.clock.advance(Duration::days(10_000));
    assert!(user.plan.is_paid(w.clock.now()));
}

#[test]
fn paid_state_follows_the_dates() {
    let now = Utc.with_ymd_and_hms(2026, 3, 1, 0, 0, 0).unwrap();
    let never = PlanState::default();
    let active = PlanState { plan_id: Some("monthly".into()), paid_date: Some(now), end_paid_date: Some(now + Duration::days(3)) };
    let expired = PlanState { end_paid_date: Some(now - Duration::seconds(1)), ..active.clone() };
    assert!(!never.is_paid(now));
    assert!(active.is_paid(now));
    assert!(!expired.is_paid(now));
}

/// Security III §5: deleting needs proof that the member is at the keyboard now.
#[test]
fn deleting_an_account_needs_the_password_or_a_code_or_a_fresh_provider_sign_in() {
    let w = world();
    let signed_in = w.service.register(&form("a@b.co", "lantern-ridge-1"), "10.0.0.1").unwrap();
    let (why, how) = (Some("too busy"), Some("a friend"));
    let none = ReauthProof::default();
    assert_eq!(
        w.service.delete_account(signed_in.session, why, how, none),
        Err(IdentityError::ReauthenticationNeeded),
        "a fresh session is not enough with a password"
    );
    let wrong = ReauthProof { password: Some("wrong-guess!"), code: None };
    assert_eq!(w.service.delete_account(signed_in.session, why, how, wrong), Err(IdentityError::WrongCurrentPassword));
    assert!(w.service.current_user(signed_in.session).is_ok(), "still there");

    // An account without a password (made by a provider): a sign-in in the last 10 minutes.
    provider_account(&w.store, "social@b.co", w.clock.now());
    let social = w
        .service
        .start_session(w.service.deps.store.find_credentials(&Email::parse("social@b.co").unwrap()).unwrap().unwrap().user, &"1.1.1.1".into())
        .unwrap();
    w.clock.advance(Duration::minutes(11));
    assert_eq!(w.service.delete_account(social.session, why, how, none), Err(IdentityError::ReauthenticationNeeded), "signed in 11 minutes ago");
    let again = w.service.start_session(w.service.current_user(social.session).unwrap(), &"1.1.1.1".into()).unwrap();
    w.service.delete_account(again.session, why, how, none).unwrap();
}

#[test]
fn deleting_an_account_needs_both_answers_and_erases_the_user() {
    let w = world();
    let signed_in = w.service.register(&form("a@b.co", "lantern-ridge-1"), "10.0.0.1").unwrap();
    let id = signed_in.session;
    let proof = ReauthProof { password: Some("lantern-ridge-1"), code: None };
    assert_eq!(w.service.delete_account(id, Some(""), Some("a friend"), proof).unwrap_err().to_string(), "Please specify Why are you deleting your account?.");
    assert_eq!(w.service.delete_account(id, Some("too busy"), None, proof).unwrap_err().to_string(), "Please specify How did you find out about us?.");
    w.service.delete_account(id, Some("too busy"), Some("a friend"), proof).unwrap();
    assert_eq!(w.service.current_user(id).unwrap_err(), IdentityError::SessionExpired);
    assert!(w.service.refresh(Some(&signed_in.refresh_token), "1.1.1.1").is_err());
    assert!(w.service.login(Some("a@b.co"), Some("lantern-ridge-1"), "1.1.1.1").is_err());
    assert_eq!(w.store.deletion_feedback(), vec![DeletionFeedback { why: "too busy".into(), how: "a friend".into() }]);
    // The address is free again.
    assert!(w.service.register(&form("a@b.co", "lantern-ridge-1"), "10.0.0.1").is_ok());
}

#[test]
fn codes_are_normalised_for_people() {
    assert_eq!(normalise_code(" abcd-1234 "), "ABCD1234");
}

mod social {
    use super::*;
    use crate::social::{ExternalProfile, NewAccountDetails, PostedName, Provider, ProviderError};

    struct SocialWorld {
        world: World,
        providers: Arc<FakeProviders>,
    }

    fn social_world(unconfigured: Vec<Provider>) -> SocialWorld {
        let store = Arc::new(InMemoryStore::default());
        let clock = Arc::new(FixedClock::new(Utc.with_ymd_and_hms(2026, 3, 1, 12, 0, 0).unwrap()));
        let providers = Arc::new(FakeProviders { unconfigured, ..FakeProviders::default() });
        let deps = IdentityDeps {
            store: store.clone(),
            hasher: Arc::new(FakeHasher),
            tokens: Arc::new(FakeTokens),
            secrets: Arc::new(FakeSecrets::default()),
            clock: clock.clone(),
            providers: providers.clone(),
            one_time_passwords: Arc::new(FakeOneTimePasswords::default()),
            sealer: Arc::new(FakeSealer),
        };
        let service = IdentityService::new(deps, ThrottlePolicy::default(), "https://gistbook.test");
        SocialWorld { world: World { store, clock, service }, providers }
    }

    fn profile(subject: &str, email: &str, verified: bool) -> ExternalProfile {
        ExternalProfile {
            subject: subject.into(),
            email: Some(kernel::Email::parse(email).unwrap()),
            email_verified: Some(verified),
            first_name: "Grace".into(),
            last_name: "Hopper".into(),
        }
    }

    #[test]
    fn an_unconfigured_provider_says_so() {
        let w = social_world(vec![Provider::Apple]);
        let err = w.world.service.start_social_sign_in(Provider::Apple).unwrap_err();
        assert_eq!(err.to_string(), "Apple sign-in is not configured. Please sign in with your e-mail and password.");
    }

    #[test]
    fn a_new_person_gets_an_account_and_comes_back_to_it() {
        let w = social_world(vec![]);
        let start = w.world.service.start_social_sign_in(Provider::Google).unwrap();
        w.providers.answer("code-1", Ok(profile("google-sub-1", "grace@example.com", true)));
        let first = w
            .world
            .service
            .finish_social_sign_in(Provider::Google, Some("code-1"), Some(&start.state), Some(&start.state), Some("Europe/Paris"), "1.1.1.1")
            .unwrap()
            .signed_in()
            .unwrap();
        assert_eq!(first.user.email.as_str(), "grace@example.com");
        assert_eq!(first.user.first_name, "Grace");
        assert_eq!(first.user.timezone, "Europe/Paris");
        // The verifier that went to the provider is the one made with the challenge.
        let challenge_number = start.code_challenge.trim_start_matches("challenge-");
        assert_eq!(w.providers.verifiers_seen.lock().unwrap().as_slice(), [format!("verifier-{challenge_number}")]);

        // Next time, the same provider identity finds the same account, even if the e-mail changed.
        let again = w.world.service.start_social_sign_in(Provider::Google).unwrap();
        w.providers.answer("code-2", Ok(profile("google-sub-1", "grace.new@example.com", true)));
        let second = w
            .world
            .service
            .finish_social_sign_in(Provider::Google, Some("code-2"), Some(&again.state), Some(&again.state), None, "1.1.1.1")
            .unwrap()
            .signed_in()
            .unwrap();
        assert_eq!(second.user.id, first.user.id);
        // No password exists for it; "forgot password" is how to get one.
        assert_eq!(w.world.service.login(Some("grace@example.com"), Some("!no-password"), "1.1.1.1").unwrap_err(), IdentityError::InvalidCredentials);
    }

    #[test]
    fn a_verified_email_links_the_existing_account_and_an_unverified_one_does_not() {
        let w = social_world(vec![]);
        let existing = w.world.service.register(&form("grace@example.com", "lantern-ridge-1"), "10.0.0.1").unwrap().user;
        let code = verification_code_from_mail(&w.world.store.outbox()[0]);
        w.world.service.verify_email(Some(&code)).unwrap();
        let start = w.world.service.start_social_sign_in(Provider::Facebook).unwrap();
        w.providers.answer("unverified", Ok(profile("fb-1", "grace@example.com", false)));
        let step =
            w.world.service.finish_social_sign_in(Provider::Facebook, Some("unverified"), Some(&start.state), Some(&start.state), None, "1.1.1.1").unwrap();
        assert!(matches!(step, SignInStep::ConfirmByMail(_)), "the owner of the address is asked first");
        assert_eq!(w.world.store.find_linked_user(Provider::Facebook, "fb-1").unwrap(), None, "nothing is linked before that");
        let start = w.world.service.start_social_sign_in(Provider::Facebook).unwrap();
        w.providers.answer("verified", Ok(profile("fb-1", "grace@example.com", true)));
        let signed_in = w
            .world
            .service
            .finish_social_sign_in(Provider::Facebook, Some("verified"), Some(&start.state), Some(&start.state), None, "1.1.1.1")
            .unwrap()
            .signed_in()
            .unwrap();
        assert_eq!(signed_in.user.id, existing.id);
        // The owner confirmed the address: the password still works too.
        assert!(w.world.service.login(Some("grace@example.com"), Some("lantern-ridge-1"), "1.1.1.1").is_ok());
    }

    /// Security III §2, account pre-hijacking: someone signs up with Grace's address and waits.
    /// When Grace signs in with Google, the provider's word wins over the unconfirmed account:
    /// the password its maker set and every session of theirs end before the account is linked.
    #[test]
    fn a_provider_sign_in_takes_an_unconfirmed_account_from_whoever_made_it() {
        let w = social_world(vec![]);
        let hijacker = w.world.service.register(&form("grace@example.com", "lantern-ridge-1"), "6.6.6.6").unwrap();
        assert!(!hijacker.user.email_verified);
        let start = w.world.service.start_social_sign_in(Provider::Google).unwrap();
        w.providers.answer("grace", Ok(profile("google-grace", "grace@example.com", true)));
        let grace = w
            .world
            .service
            .finish_social_sign_in(Provider::Google, Some("grace"), Some(&start.state), Some(&start.state), None, "1.1.1.1")
            .unwrap()
            .signed_in()
            .unwrap();
        assert_eq!(grace.user.id, hijacker.user.id);
        assert!(grace.user.email_verified);
        assert_eq!(w.world.service.login(Some("grace@example.com"), Some("lantern-ridge-1"), "6.6.6.6").unwrap_err(), IdentityError::InvalidCredentials);
        assert_eq!(w.world.service.refresh(Some(&hijacker.refresh_token), "6.6.6.6").unwrap_err(), IdentityError::SessionExpired);
        assert!(w.world.service.refresh(Some(&grace.refresh_token), "1.1.1.1").is_ok(), "Grace's own session lives");
    }

    /// Facebook's Graph API answers an address with no verified flag: that silence is not a yes.
    /// Such an address neither finds the account that has it nor opens one; only an answer that
    /// says the address is verified does.
    #[test]
    fn a_facebook_address_counts_as_verified_only_when_facebook_says_so() {
        let w = social_world(vec![]);
        let existing = w.world.service.register(&form("grace@example.com", "lantern-ridge-1"), "10.0.0.1").unwrap().user;
        let silent = |subject: &str, email: &str| ExternalProfile { email_verified: None, ..profile(subject, email, false) };
        assert_eq!(silent("fb-1", "grace@example.com").verified_email(), None);
        assert_eq!(profile("fb-1", "grace@example.com", true).verified_email().map(kernel::Email::as_str), Some("grace@example.com"));
        let finish = |code: &str| {
            let start = w.world.service.start_social_sign_in(Provider::Facebook).unwrap();
            w.world.service.finish_social_sign_in(Provider::Facebook, Some(code), Some(&start.state), Some(&start.state), None, "1.1.1.1")
        };

        w.providers.answer("silent-existing", Ok(silent("fb-1", "grace@example.com")));
        assert!(matches!(finish("silent-existing").unwrap(), SignInStep::ConfirmByMail(sent) if sent.email.as_str() == "grace@example.com"));
        w.providers.answer("silent-new", Ok(silent("fb-2", "newcomer@example.com")));
        assert!(matches!(finish("silent-new").unwrap(), SignInStep::ConfirmByMail(_)));
        assert!(w.world.store.find_credentials(&kernel::Email::parse("newcomer@example.com").unwrap()).unwrap().is_none(), "no account was opened");
        assert_eq!(w.world.store.find_linked_user(Provider::Facebook, "fb-1").unwrap(), None, "nothing was linked");

        w.providers.answer("said-so", Ok(profile("fb-1", "grace@example.com", true)));
        assert_eq!(finish("said-so").unwrap().signed_in().unwrap().user.id, existing.id);
        // Once linked, the identity signs in whatever the address answer says.
        w.providers.answer("linked", Ok(silent("fb-1", "grace@example.com")));
        assert_eq!(finish("linked").unwrap().signed_in().unwrap().user.id, existing.id);
    }

    /// The referral link a provider's sign-up came through is kept with the new account, in its
    /// own transaction (referral attributes it later, even after a crash); an account that
    /// already existed keeps none, so a link never makes an existing member someone's referral.
    /// The mailed link's path keeps the link the confirming page came through.
    #[test]
    fn only_a_new_account_keeps_the_referral_link_a_provider_sign_in_came_with() {
        let w = social_world(vec![]);
        let finish = |code: &str, referral_id: Option<&str>| {
            let start = w.world.service.start_social_sign_in(Provider::Google).unwrap();
            let details = NewAccountDetails { timezone: None, posted_name: None, referral_id };
            w.world.service.finish_social_sign_in(Provider::Google, Some(code), Some(&start.state), Some(&start.state), details, "1.1.1.1").unwrap()
        };
        let existing = w.world.service.register(&form("grace@example.com", "lantern-ridge-1"), "10.0.0.1").unwrap().user;
        let code = verification_code_from_mail(&w.world.store.outbox()[0]);
        w.world.service.verify_email(Some(&code)).unwrap();

        w.providers.answer("new", Ok(profile("google-new", "newcomer@example.com", true)));
        let newcomer = finish("new", Some(" r-ann1 ")).signed_in().unwrap().user;
        assert_eq!(w.world.store.joined_via_referral(newcomer.id), Some("r-ann1".to_owned()));
        w.providers.answer("old", Ok(profile("google-old", "grace@example.com", true)));
        assert_eq!(finish("old", Some("r-ann1")).signed_in().unwrap().user.id, existing.id);
        assert_eq!(w.world.store.joined_via_referral(existing.id), None, "an existing account is nobody's referral");
        w.providers.answer("long", Ok(profile("google-long", "long@example.com", true)));
        let long = finish("long", Some(&"x".repeat(crate::model::REFERRAL_ID_MAX + 1))).signed_in().unwrap().user;
        assert_eq!(w.world.store.joined_via_referral(long.id), None, "no link of ours is that long");

        let start = w.world.service.start_social_sign_in(Provider::Facebook).unwrap();
        w.providers.answer("silent", Ok(ExternalProfile { email_verified: None, ..profile("fb-9", "mailed@example.com", false) }));
        let sent = waiting(
            w.world.service.finish_social_sign_in(Provider::Facebook, Some("silent"), Some(&start.state), Some(&start.state), None, "1.1.1.1").unwrap(),
        );
        let code = sign_in_code_from_mail(&w.world.store.outbox().pop().unwrap());
        let mailed = w.world.service.finish_sign_in_by_mail(Some(&code), Some(&sent.browser_key), Some("r-bo2"), "1.1.1.1").unwrap().signed_in().unwrap().user;
        assert_eq!(w.world.store.joined_via_referral(mailed.id), Some("r-bo2".to_owned()));
    }

    /// The code of the link in a "finish signing in" mail.
    fn sign_in_code_from_mail(mail: &OutgoingMail) -> String {
        assert_eq!(mail.subject, "Finish signing in to Gistbook with Facebook");
        let line = mail.text_body.lines().find(|l| l.contains("/confirm-sign-in/")).expect("link in mail");
        line.trim().rsplit('/').next().unwrap().to_owned()
    }

    fn waiting(step: SignInStep) -> crate::MailConfirmationSent {
        match step {
            SignInStep::ConfirmByMail(sent) => sent,
            _ => panic!("expected the mailed link's step"),
        }
    }

    /// Facebook's silence about an address is answered by its owner: the link mailed to it
    /// finishes the sign-in, once, within the hour, and only in the browser that began it
    /// (another browser's click spends nothing). A new address gets a confirmed account with the
    /// identity linked; the next sign-in needs no mail.
    #[test]
    fn a_mailed_link_opens_the_account_in_the_browser_that_began_it_once() {
        let w = social_world(vec![]);
        let silent = ExternalProfile { email_verified: None, ..profile("fb-7", "ada@example.com", false) };
        let start = w.world.service.start_social_sign_in(Provider::Facebook).unwrap();
        w.providers.answer("silent", Ok(silent.clone()));
        let details = NewAccountDetails { timezone: Some("Europe/Paris"), posted_name: None, referral_id: None };
        let sent = waiting(
            w.world.service.finish_social_sign_in(Provider::Facebook, Some("silent"), Some(&start.state), Some(&start.state), details, "1.1.1.1").unwrap(),
        );
        assert_eq!(sent.email.as_str(), "ada@example.com");
        assert_eq!(sent.expires_at, w.world.clock.now() + Duration::hours(1));
        let mail = w.world.store.outbox().pop().unwrap();
        assert_eq!(mail.to, "ada@example.com");
        assert!(mail.text_body.contains("the Facebook account \"Grace Hopper\""), "{}", mail.text_body);
        let code = sign_in_code_from_mail(&mail);
        assert!(w.world.store.find_credentials(&kernel::Email::parse("ada@example.com").unwrap()).unwrap().is_none(), "no account before the click");

        let other_browser = w.world.service.finish_sign_in_by_mail(Some(&code), Some("another-browser"), None, "2.2.2.2").unwrap_err();
        assert_eq!(other_browser, IdentityError::InvalidSignInLink);
        assert_eq!(w.world.service.finish_sign_in_by_mail(Some(&code), None, None, "1.1.1.1").unwrap_err(), IdentityError::InvalidSignInLink);
        assert_eq!(
            w.world.service.finish_sign_in_by_mail(Some("not-a-code"), Some(&sent.browser_key), None, "1.1.1.1").unwrap_err(),
            IdentityError::InvalidSignInLink
        );

        let signed_in = w.world.service.finish_sign_in_by_mail(Some(&code), Some(&sent.browser_key), None, "1.1.1.1").unwrap().signed_in().unwrap();
        assert_eq!(signed_in.user.email.as_str(), "ada@example.com");
        assert!(signed_in.user.email_verified, "its owner proved the address");
        assert_eq!((signed_in.user.first_name.as_str(), signed_in.user.timezone.as_str()), ("Grace", "Europe/Paris"));
        assert_eq!(w.world.store.find_linked_user(Provider::Facebook, "fb-7").unwrap(), Some(signed_in.user.id));
        assert_eq!(
            w.world.service.finish_sign_in_by_mail(Some(&code), Some(&sent.browser_key), None, "1.1.1.1").unwrap_err(),
            IdentityError::InvalidSignInLink,
            "a link finishes one sign-in"
        );

        let start = w.world.service.start_social_sign_in(Provider::Facebook).unwrap();
        w.providers.answer("back", Ok(silent));
        let back = w.world.service.finish_social_sign_in(Provider::Facebook, Some("back"), Some(&start.state), Some(&start.state), None, "1.1.1.1").unwrap();
        assert_eq!(back.signed_in().unwrap().user.id, signed_in.user.id, "linked: no mail the next time");
    }

    /// An address with an account: the link signs its owner in and links the identity; one whose
    /// account nobody confirmed is taken from whoever made it, as a vouched-for address does. A
    /// link past its hour does nothing.
    #[test]
    fn a_mailed_link_links_the_existing_account_and_expires_after_an_hour() {
        let w = social_world(vec![]);
        let squatter = w.world.service.register(&form("grace@example.com", "lantern-ridge-1"), "6.6.6.6").unwrap();
        let silent = ExternalProfile { email_verified: None, ..profile("fb-8", "grace@example.com", false) };
        let begin = |code: &str| {
            let start = w.world.service.start_social_sign_in(Provider::Facebook).unwrap();
            w.providers.answer(code, Ok(silent.clone()));
            waiting(w.world.service.finish_social_sign_in(Provider::Facebook, Some(code), Some(&start.state), Some(&start.state), None, "1.1.1.1").unwrap())
        };

        let late = begin("late");
        let late_code = sign_in_code_from_mail(&w.world.store.outbox().pop().unwrap());
        w.world.clock.advance(Duration::minutes(61));
        assert_eq!(
            w.world.service.finish_sign_in_by_mail(Some(&late_code), Some(&late.browser_key), None, "1.1.1.1").unwrap_err(),
            IdentityError::InvalidSignInLink
        );

        let sent = begin("in-time");
        let code = sign_in_code_from_mail(&w.world.store.outbox().pop().unwrap());
        let grace = w.world.service.finish_sign_in_by_mail(Some(&code), Some(&sent.browser_key), None, "1.1.1.1").unwrap().signed_in().unwrap();
        assert_eq!(grace.user.id, squatter.user.id);
        assert_eq!(w.world.store.find_linked_user(Provider::Facebook, "fb-8").unwrap(), Some(grace.user.id));
        assert_eq!(w.world.service.login(Some("grace@example.com"), Some("lantern-ridge-1"), "6.6.6.6").unwrap_err(), IdentityError::InvalidCredentials);
        assert_eq!(w.world.service.refresh(Some(&squatter.refresh_token), "6.6.6.6").unwrap_err(), IdentityError::SessionExpired);
    }

    /// A stranger's Facebook account can list any address: at most three links an hour go to
    /// one address, and a profile without any address is refused at once.
    #[test]
    fn sign_in_links_to_one_address_are_limited_and_no_address_is_refused() {
        let w = social_world(vec![]);
        let finish = |code: &str, person: ExternalProfile| {
            let start = w.world.service.start_social_sign_in(Provider::Facebook).unwrap();
            w.providers.answer(code, Ok(person));
            w.world.service.finish_social_sign_in(Provider::Facebook, Some(code), Some(&start.state), Some(&start.state), None, "1.1.1.1")
        };
        let silent = ExternalProfile { email_verified: None, ..profile("fb-9", "victim@example.com", false) };
        for attempt in 0..3 {
            assert!(matches!(finish(&format!("try-{attempt}"), silent.clone()), Ok(SignInStep::ConfirmByMail(_))));
        }
        assert_eq!(finish("try-3", silent.clone()).unwrap_err(), IdentityError::Throttled);
        assert_eq!(w.world.store.outbox().len(), 3);
        w.world.clock.advance(Duration::minutes(61));
        assert!(matches!(finish("next-hour", silent), Ok(SignInStep::ConfirmByMail(_))));

        let no_address = ExternalProfile { email: None, ..profile("fb-10", "x@example.com", false) };
        let refused = finish("no-address", no_address).unwrap_err();
        assert_eq!(refused, IdentityError::ProviderEmailUnverified(Provider::Facebook));
        assert_eq!(
            refused.to_string(),
            "Facebook did not give us your e-mail address, so we cannot sign you in with it. Please sign in, or sign up, with your e-mail and password."
        );
    }

    /// Apple's ID token has no name; Apple posts it to the browser once, on the first sign-in.
    #[test]
    fn a_posted_name_names_the_new_account_when_the_profile_has_none() {
        let w = social_world(vec![]);
        let nameless = |subject: &str, email: &str| ExternalProfile { first_name: String::new(), last_name: " ".into(), ..profile(subject, email, true) };
        let posted = Some(PostedName { first_name: " Ann ".into(), last_name: "Apfel".into() });
        let finish = |code: &str, details: NewAccountDetails<'_>| {
            let start = w.world.service.start_social_sign_in(Provider::Apple).unwrap();
            w.world
                .service
                .finish_social_sign_in(Provider::Apple, Some(code), Some(&start.state), Some(&start.state), details, "1.1.1.1")
                .unwrap()
                .signed_in()
                .unwrap()
        };

        w.providers.answer("first", Ok(nameless("apple-1", "ann@privaterelay.appleid.com")));
        let first = finish("first", NewAccountDetails { timezone: Some("Europe/Berlin"), posted_name: posted.clone(), referral_id: None });
        assert_eq!((first.user.first_name.as_str(), first.user.last_name.as_str(), first.user.timezone.as_str()), ("Ann", "Apfel", "Europe/Berlin"));

        // A profile's own name wins; a posted name never renames an existing account.
        w.providers.answer("named", Ok(profile("apple-2", "grace@privaterelay.appleid.com", true)));
        assert_eq!(finish("named", NewAccountDetails { timezone: None, posted_name: posted.clone(), referral_id: None }).user.first_name, "Grace");
        w.providers.answer("again", Ok(nameless("apple-1", "ann@privaterelay.appleid.com")));
        let other = Some(PostedName { first_name: "Mallory".into(), last_name: String::new() });
        let again = finish("again", NewAccountDetails { timezone: None, posted_name: other, referral_id: None });
        assert_eq!((again.user.id, again.user.first_name.as_str()), (first.user.id, "Ann"));
    }

    #[test]
    fn a_state_is_single_use_bound_to_its_provider_and_expires() {
        let w = social_world(vec![]);
        w.providers.answer("code", Ok(profile("sub", "grace@example.com", true)));
        let start = w.world.service.start_social_sign_in(Provider::Google).unwrap();
        let invalid =
            |provider, state: &str| w.world.service.finish_social_sign_in(provider, Some("code"), Some(state), Some(state), None, "1.1.1.1").unwrap_err();
        assert_eq!(invalid(Provider::LinkedIn, &start.state), IdentityError::SocialStateInvalid(Provider::LinkedIn));
        assert_eq!(invalid(Provider::Google, "made-up"), IdentityError::SocialStateInvalid(Provider::Google));
        assert!(w.world.service.finish_social_sign_in(Provider::Google, Some("code"), Some(&start.state), Some(&start.state), None, "1.1.1.1").is_ok());
        assert_eq!(invalid(Provider::Google, &start.state), IdentityError::SocialStateInvalid(Provider::Google));

        let late = w.world.service.start_social_sign_in(Provider::Google).unwrap();
        w.world.clock.advance(Duration::minutes(11));
        assert_eq!(invalid(Provider::Google, &late.state), IdentityError::SocialStateInvalid(Provider::Google));
        assert_eq!(
            w.world.service.finish_social_sign_in(Provider::Google, None, Some(&late.state), Some(&late.state), None, "1.1.1.1").unwrap_err(),
            IdentityError::SocialStateInvalid(Provider::Google)
        );
    }

    #[test]
    fn provider_failures_are_told_apart() {
        let w = social_world(vec![]);
        w.providers.answer("down", Err(ProviderError::Unavailable("timeout".into())));
        let start = w.world.service.start_social_sign_in(Provider::LinkedIn).unwrap();
        assert_eq!(
            w.world.service.finish_social_sign_in(Provider::LinkedIn, Some("down"), Some(&start.state), Some(&start.state), None, "1.1.1.1").unwrap_err(),
            IdentityError::ProviderUnavailable(Provider::LinkedIn)
        );
        let start = w.world.service.start_social_sign_in(Provider::LinkedIn).unwrap();
        assert_eq!(
            w.world.service.finish_social_sign_in(Provider::LinkedIn, Some("unknown"), Some(&start.state), Some(&start.state), None, "1.1.1.1").unwrap_err(),
            IdentityError::ProviderRefused(Provider::LinkedIn)
        );
    }

    #[test]
    fn a_social_callback_from_another_browser_is_refused() {
        let w = social_world(vec![]);
        let start = w.world.service.start_social_sign_in(Provider::Google).unwrap();
        w.providers.answer("code-x", Ok(profile("victim-or-attacker", "mallory@example.com", true)));
        for other in [None, Some("another-browsers-state")] {
            assert_eq!(
                w.world.service.finish_social_sign_in(Provider::Google, Some("code-x"), Some(&start.state), other, None, "1.1.1.1").unwrap_err(),
                IdentityError::SocialStateInvalid(Provider::Google)
            );
        }
        assert!(w.world.service.finish_social_sign_in(Provider::Google, Some("code-x"), Some(&start.state), Some(&start.state), None, "1.1.1.1").is_ok());
    }
}

#[test]
fn created_subscription_codes_are_stored_as_digests_and_redeem_once() {
    let w = world();
    let codes = w.service.create_subscription_codes("yearly", Some(365), 2).unwrap();
    assert_eq!(codes.len(), 2);
    assert_ne!(codes[0], codes[1]);
    let user = w.service.register_with_code(&form("a@b.co", "lantern-ridge-1"), Some(&codes[1].to_lowercase()), "10.0.0.1").unwrap().user;
    assert_eq!(user.plan.plan_id.as_deref(), Some("yearly"));
    let again = w.service.register_with_code(&form("c@d.co", "lantern-ridge-1"), Some(&codes[1]), "10.0.0.1").unwrap_err();
    assert_eq!(again, IdentityError::InvalidSubscriptionCode);
}

#[test]
fn sign_ups_are_limited_per_address_with_or_without_a_code() {
    let w = world();
    let policy = ThrottlePolicy { signups_per_address: 2, ..ThrottlePolicy::default() };
    let service = IdentityService::new(w.service.deps.clone(), policy, "https://gistbook.test");
    service.register(&form("a@b.co", "lantern-ridge-1"), "10.0.0.9").unwrap();
    w.store.add_subscription_code("digest(CODE1)", "yearly", Some(365));
    service.register_with_code(&form("b@b.co", "lantern-ridge-1"), Some("CODE1"), "10.0.0.9").unwrap();
    assert_eq!(service.register(&form("c@b.co", "lantern-ridge-1"), "10.0.0.9").unwrap_err(), IdentityError::Throttled);
    assert_eq!(service.register(&form("c@b.co", "lantern-ridge-1"), "10.0.0.9").unwrap_err(), IdentityError::Throttled, "refused ones do not count up");
    service.register(&form("c@b.co", "lantern-ridge-1"), "10.0.0.10").unwrap();
    w.clock.advance(Duration::minutes(61));
    service.register(&form("d@b.co", "lantern-ridge-1"), "10.0.0.9").unwrap();
}

#[test]
fn a_session_ends_ninety_days_after_sign_in_however_often_it_is_refreshed() {
    let w = world();
    let mut token = w.service.register(&form("a@b.co", "lantern-ridge-1"), "10.0.0.1").unwrap().refresh_token;
    for _ in 0..3 {
        w.clock.advance(Duration::days(29));
        token = w.service.refresh(Some(&token), "1.1.1.1").unwrap().refresh_token;
    }
    // Day 87: refreshed, but the new token lives only to day 90, not day 117.
    w.clock.advance(Duration::days(3) - Duration::seconds(1));
    let last = w.service.refresh(Some(&token), "1.1.1.1").unwrap();
    w.clock.advance(Duration::seconds(1));
    assert_eq!(w.service.refresh(Some(&last.refresh_token), "1.1.1.1").unwrap_err(), IdentityError::SessionExpired);
    assert!(w.service.login(Some("a@b.co"), Some("lantern-ridge-1"), "10.0.0.1").is_ok(), "signing in again is the way on");
}

/// Counts every verification, real or dummy (each costs an argon2 run in production).
#[derive(Default)]
struct CountingHasher {
    full_verifications: std::sync::atomic::AtomicU32,
}

impl PasswordHasher for CountingHasher {
    fn hash(&self, password: &Password) -> PortResult<String> {
        FakeHasher.hash(password)
    }
    fn verify(&self, password: &str, hash: &str) -> PortResult<bool> {
        // A hash no argon2 could have made fails at once: no full verification.
        if !hash.starts_with("hashed:") {
            return Ok(false);
        }
        self.full_verifications.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        FakeHasher.verify(password, hash)
    }
    fn verify_dummy(&self, _password: &str) -> PortResult<()> {
        self.full_verifications.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        Ok(())
    }
}

#[test]
fn refusing_an_account_without_a_password_takes_a_full_verification_like_any_other() {
    let w = world();
    let hasher = Arc::new(CountingHasher::default());
    let deps = IdentityDeps { hasher: hasher.clone(), ..w.service.deps.clone() };
    let service = IdentityService::new(deps, ThrottlePolicy::default(), "https://gistbook.test");
    provider_account(&w.store, "social@b.co", w.clock.now());
    service.register(&form("real@b.co", "lantern-ridge-1"), "10.0.0.1").unwrap();
    for email in ["social@b.co", "real@b.co", "nobody@b.co"] {
        let before = hasher.full_verifications.load(std::sync::atomic::Ordering::SeqCst);
        assert_eq!(service.login(Some(email), Some("wrong-guess-1"), "10.0.0.2").unwrap_err(), IdentityError::InvalidCredentials);
        let spent = hasher.full_verifications.load(std::sync::atomic::Ordering::SeqCst) - before;
        assert_eq!(spent, 1, "{email}");
    }
}

#[test]
fn changing_the_password_needs_the_current_one_and_ends_the_other_sessions() {
    let w = world();
    let here = w.service.register(&form("a@b.co", "lantern-ridge-1"), "10.0.0.1").unwrap();
    let elsewhere = w.service.login(Some("a@b.co"), Some("lantern-ridge-1"), "1.1.1.1").unwrap().signed_in().unwrap();
    let change = |current: &str, new1: &str, new2: &str| w.service.change_password(here.session, Some(current), Some(new1), Some(new2));
    assert_eq!(change("wrong-one-1", "harbor-light-2", "harbor-light-2"), Err(IdentityError::WrongCurrentPassword));
    assert_eq!(change("lantern-ridge-1", "harbor-light-2", "harbor-light-3"), Err(IdentityError::PasswordsDiffer));
    assert_eq!(change("lantern-ridge-1", "short", "short"), Err(IdentityError::PasswordLength));
    assert_eq!(change("lantern-ridge-1", "12345678", "12345678"), Err(IdentityError::CommonPassword));
    assert!(w.service.current_user(elsewhere.session).is_ok(), "nothing changed yet");
    change("lantern-ridge-1", "harbor-light-2", "harbor-light-2").unwrap();
    assert!(w.service.current_user(here.session).is_ok(), "this session stays");
    assert_eq!(w.service.current_user(elsewhere.session).unwrap_err(), IdentityError::SessionExpired);
    assert!(w.service.login(Some("a@b.co"), Some("lantern-ridge-1"), "10.0.0.1").is_err());
    assert!(w.service.login(Some("a@b.co"), Some("harbor-light-2"), "10.0.0.1").is_ok());
}

#[test]
fn guessing_the_current_password_is_throttled() {
    let w = world();
    let here = w.service.register(&form("a@b.co", "lantern-ridge-1"), "10.0.0.1").unwrap();
    let limit = ThrottlePolicy::default().login_failures_per_account_address;
    for _ in 0..limit {
        let wrong = w.service.change_password(here.session, Some("guess-guess"), Some("harbor-light-2"), Some("harbor-light-2"));
        assert_eq!(wrong, Err(IdentityError::WrongCurrentPassword));
    }
    let throttled = w.service.change_password(here.session, Some("lantern-ridge-1"), Some("harbor-light-2"), Some("harbor-light-2"));
    assert_eq!(throttled, Err(IdentityError::Throttled));
}
