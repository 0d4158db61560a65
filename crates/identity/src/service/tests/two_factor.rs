//! Two-factor enrolment and sign-in, recovery codes, the admin rule and the sessions list.

use super::*;
use crate::two_factor::{describe_device, ClientInfo, RECOVERY_CODES};

const PASSWORD: &str = "lantern-ridge-1";

/// A member with two-factor on: their session, secret and recovery codes.
struct Enrolled {
    session: Session,
    secret: String,
    recovery: Vec<String>,
}

fn enrolled(w: &World, email: &str) -> Enrolled {
    let signed_in = w.service.register(&form(email, PASSWORD), "10.0.0.1").unwrap();
    let enrolment = w.service.start_two_factor(signed_in.session).unwrap();
    let code = FakeOneTimePasswords::code_at(&enrolment.secret, w.clock.now());
    let recovery = w.service.enable_two_factor(signed_in.session, Some(&code)).unwrap();
    // The enrolment code is used; later steps must be fresh ones.
    w.clock.advance(Duration::seconds(30));
    Enrolled { session: signed_in.session, secret: enrolment.secret, recovery }
}

fn challenge(w: &World, email: &str) -> String {
    match w.service.login(Some(email), Some(PASSWORD), "10.0.0.1").unwrap() {
        SignInStep::SecondFactor(challenge) => challenge.challenge,
        SignInStep::SignedIn(_) | SignInStep::ConfirmByMail(_) => panic!("expected a second step"),
    }
}

#[test]
fn enrolment_needs_a_code_from_the_app_and_hands_out_ten_recovery_codes() {
    let w = world();
    let signed_in = w.service.register(&form("a@b.co", PASSWORD), "10.0.0.1").unwrap();
    assert_eq!(w.service.enable_two_factor(signed_in.session, Some("123456")).unwrap_err(), IdentityError::TwoFactorNotStarted);
    let enrolment = w.service.start_two_factor(signed_in.session).unwrap();
    assert!(enrolment.provisioning_url.starts_with("otpauth://totp/"));
    assert!(enrolment.provisioning_url.contains("a@b.co"));
    assert_eq!(w.service.enable_two_factor(signed_in.session, Some("000000")).unwrap_err(), IdentityError::InvalidTwoFactorCode);
    assert!(!w.service.two_factor_status(signed_in.session).unwrap().enabled, "a wrong code changes nothing");

    let code = FakeOneTimePasswords::code_at(&enrolment.secret, w.clock.now());
    let recovery = w.service.enable_two_factor(signed_in.session, Some(&code)).unwrap();
    assert_eq!(recovery.len(), RECOVERY_CODES);
    let status = w.service.two_factor_status(signed_in.session).unwrap();
    assert!(status.enabled);
    assert_eq!(status.recovery_codes_left, 10);
    assert_eq!(w.service.start_two_factor(signed_in.session).unwrap_err(), IdentityError::TwoFactorAlreadyOn);
}

#[test]
fn a_login_with_two_factor_on_waits_for_a_current_code() {
    let w = world();
    let member = enrolled(&w, "a@b.co");
    let challenge = challenge(&w, "a@b.co");
    assert_eq!(w.service.finish_second_factor(Some(&challenge), Some("999999"), "10.0.0.1").unwrap_err(), IdentityError::InvalidTwoFactorCode);
    assert_eq!(w.service.finish_second_factor(Some("made-up"), Some("999999"), "10.0.0.1").unwrap_err(), IdentityError::LoginChallengeExpired);
    let code = FakeOneTimePasswords::code_at(&member.secret, w.clock.now());
    let signed_in = w.service.finish_second_factor(Some(&challenge), Some(&code), "10.0.0.1").unwrap();
    assert_eq!(signed_in.user.email.as_str(), "a@b.co");
    assert_ne!(signed_in.session, member.session, "a new session");

    // The challenge is spent, and the same code does not open a second login (replay).
    assert_eq!(w.service.finish_second_factor(Some(&challenge), Some(&code), "10.0.0.1").unwrap_err(), IdentityError::LoginChallengeExpired);
    let another = self::challenge(&w, "a@b.co");
    let reused = w.service.finish_second_factor(Some(&another), Some(&code), "10.0.0.1").unwrap_err();
    assert_eq!(reused, IdentityError::TwoFactorCodeUsed);
    assert_eq!(reused.to_string(), "This code was just used; wait for the next one.");
}

#[test]
fn a_challenge_lasts_five_minutes() {
    let w = world();
    let member = enrolled(&w, "a@b.co");
    let challenge = challenge(&w, "a@b.co");
    w.clock.advance(Duration::seconds(301));
    let code = FakeOneTimePasswords::code_at(&member.secret, w.clock.now());
    assert_eq!(w.service.finish_second_factor(Some(&challenge), Some(&code), "10.0.0.1").unwrap_err(), IdentityError::LoginChallengeExpired);
}

#[test]
fn a_recovery_code_works_once_in_any_case_and_spacing() {
    let w = world();
    let member = enrolled(&w, "a@b.co");
    let typed = format!("  {}  ", member.recovery[3].to_uppercase());
    let first = challenge(&w, "a@b.co");
    assert!(w.service.finish_second_factor(Some(&first), Some(&typed), "10.0.0.1").is_ok());
    assert_eq!(w.service.two_factor_status(member.session).unwrap().recovery_codes_left, 9);
    let second = challenge(&w, "a@b.co");
    assert_eq!(w.service.finish_second_factor(Some(&second), Some(&member.recovery[3]), "10.0.0.1").unwrap_err(), IdentityError::InvalidTwoFactorCode);
    assert!(w.service.finish_second_factor(Some(&second), Some(&member.recovery[4]), "10.0.0.1").is_ok());
}

#[test]
fn guessing_codes_is_throttled_per_account() {
    let w = world();
    let member = enrolled(&w, "a@b.co");
    let challenge = challenge(&w, "a@b.co");
    for guess in 0..5 {
        let wrong = format!("{guess:06}");
        assert_eq!(w.service.finish_second_factor(Some(&challenge), Some(&wrong), "10.0.0.1").unwrap_err(), IdentityError::InvalidTwoFactorCode);
    }
    let code = FakeOneTimePasswords::code_at(&member.secret, w.clock.now());
    assert_eq!(w.service.finish_second_factor(Some(&challenge), Some(&code), "10.0.0.1").unwrap_err(), IdentityError::Throttled);
}

#[test]
fn turning_two_factor_off_needs_a_code() {
    let w = world();
    let member = enrolled(&w, "a@b.co");
    assert_eq!(w.service.disable_two_factor(member.session, None).unwrap_err(), IdentityError::MissingField("the code"));
    assert_eq!(w.service.disable_two_factor(member.session, Some("111111")).unwrap_err(), IdentityError::InvalidTwoFactorCode);
    let code = FakeOneTimePasswords::code_at(&member.secret, w.clock.now());
    w.service.disable_two_factor(member.session, Some(&code)).unwrap();
    assert!(!w.service.two_factor_status(member.session).unwrap().enabled);
    assert!(w.service.login(Some("a@b.co"), Some(PASSWORD), "10.0.0.1").unwrap().signed_in().is_some(), "one step again");
}

#[test]
fn renewed_recovery_codes_replace_the_old_ones() {
    let w = world();
    let member = enrolled(&w, "a@b.co");
    let code = FakeOneTimePasswords::code_at(&member.secret, w.clock.now());
    let renewed = w.service.renew_recovery_codes(member.session, Some(&code)).unwrap();
    assert_eq!(renewed.len(), RECOVERY_CODES);
    let challenge = challenge(&w, "a@b.co");
    assert_eq!(w.service.finish_second_factor(Some(&challenge), Some(&member.recovery[0]), "10.0.0.1").unwrap_err(), IdentityError::InvalidTwoFactorCode);
    assert!(w.service.finish_second_factor(Some(&challenge), Some(&renewed[0]), "10.0.0.1").is_ok());
}

#[test]
fn the_back_office_is_for_admins_with_two_factor_on() {
    let w = world();
    let member = w.service.register(&form("m@b.co", PASSWORD), "10.0.0.1").unwrap();
    assert_eq!(w.service.authorize_admin(member.session).unwrap_err(), IdentityError::NotAdmin);

    let admin = w.service.register(&form("admin@b.co", PASSWORD), "10.0.0.1").unwrap();
    w.store.make_admin(admin.user.id);
    assert_eq!(w.service.authorize_admin(admin.session).unwrap_err(), IdentityError::TwoFactorRequired);
    let enrolment = w.service.start_two_factor(admin.session).unwrap();
    assert_eq!(w.service.authorize_admin(admin.session).unwrap_err(), IdentityError::TwoFactorRequired, "pending is not on");
    let code = FakeOneTimePasswords::code_at(&enrolment.secret, w.clock.now());
    w.service.enable_two_factor(admin.session, Some(&code)).unwrap();
    assert_eq!(w.service.authorize_admin(admin.session).unwrap().id, admin.user.id);
}

/// Security III §4: two-factor is asked of the session, not the account. Turning it on ends
/// the sessions that had only the password; the one that proved a code, and later sign-ins with
/// one, may use the back office; a session that never passed it may not.
#[test]
fn the_back_office_asks_whether_this_session_passed_the_second_factor() {
    let w = world();
    let laptop = w.service.register(&form("admin@b.co", PASSWORD), "10.0.0.1").unwrap();
    w.store.make_admin(laptop.user.id);
    let phone = w.service.login(Some("admin@b.co"), Some(PASSWORD), "10.0.0.2").unwrap().signed_in().unwrap();
    let enrolment = w.service.start_two_factor(laptop.session).unwrap();
    let code = FakeOneTimePasswords::code_at(&enrolment.secret, w.clock.now());
    w.service.enable_two_factor(laptop.session, Some(&code)).unwrap();
    assert_eq!(w.service.authorize_admin(phone.session).unwrap_err(), IdentityError::SessionExpired, "the password-only session ended");
    assert!(w.service.refresh(Some(&phone.refresh_token), "10.0.0.2").is_err());
    assert_eq!(w.service.authorize_admin(laptop.session).unwrap().id, laptop.user.id, "this session proved a code");

    // A session from before (as stored by an older version) never passed it.
    let old = w.service.start_session(w.service.current_user(laptop.session).unwrap(), &ClientInfo::from("10.0.0.3")).unwrap();
    assert_eq!(w.service.authorize_admin(old.session).unwrap_err(), IdentityError::TwoFactorSessionRequired);
    assert_eq!(
        IdentityError::TwoFactorSessionRequired.to_string(),
        "This session signed in without your two-factor code. Please log out and log in again with it to use the back office."
    );

    // Signing in with the code passes it.
    w.clock.advance(Duration::seconds(30));
    let step = challenge(&w, "admin@b.co");
    let code = FakeOneTimePasswords::code_at(&enrolment.secret, w.clock.now());
    let signed_in = w.service.finish_second_factor(Some(&step), Some(&code), "10.0.0.4").unwrap();
    assert_eq!(w.service.authorize_admin(signed_in.session).unwrap().id, laptop.user.id);
}

#[test]
fn the_sessions_list_names_each_device_and_ends_one_at_a_time() {
    let w = world();
    let laptop_client =
        ClientInfo { address: "203.0.113.5".into(), user_agent: "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0".into() };
    let laptop = w.service.register(&form("a@b.co", PASSWORD), laptop_client).unwrap();
    w.clock.advance(Duration::minutes(5));
    let phone_client = ClientInfo {
        address: "198.51.100.7".into(),
        user_agent: "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/129.0 Mobile Safari/537.36".into(),
    };
    let phone = w.service.login(Some("a@b.co"), Some(PASSWORD), phone_client).unwrap().signed_in().unwrap();

    let sessions = w.service.sessions(laptop.session).unwrap();
    assert_eq!(sessions.len(), 2);
    assert_eq!(sessions[0].device, "Chrome on Android", "most recently used first");
    assert_eq!(sessions[0].address, "198.51.100.7");
    assert!(!sessions[0].current);
    assert_eq!(sessions[1].device, "Firefox on Linux");
    assert!(sessions[1].current);

    // Someone else cannot end it, even knowing its id.
    let stranger = w.service.register(&form("z@b.co", PASSWORD), "10.0.0.9").unwrap();
    assert_eq!(w.service.end_session(stranger.session, phone.session.id).unwrap_err(), IdentityError::SessionNotFound);
    assert!(w.service.current_user(phone.session).is_ok());

    w.service.end_session(laptop.session, phone.session.id).unwrap();
    assert_eq!(w.service.current_user(phone.session).unwrap_err(), IdentityError::SessionExpired, "its tokens stop at once");
    assert!(w.service.refresh(Some(&phone.refresh_token), "198.51.100.7").is_err());
    let left = w.service.sessions(laptop.session).unwrap();
    assert_eq!(left.len(), 1);
    assert!(left[0].current);
}

#[test]
fn a_refresh_updates_where_a_session_was_last_used() {
    let w = world();
    let first = w.service.register(&form("a@b.co", PASSWORD), "10.0.0.1").unwrap();
    w.clock.advance(Duration::minutes(50));
    let moved = ClientInfo { address: "10.9.9.9".into(), user_agent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Safari/604.1".into() };
    w.service.refresh(Some(&first.refresh_token), moved).unwrap();
    let sessions = w.service.sessions(first.session).unwrap();
    assert_eq!(sessions.len(), 1);
    assert_eq!(sessions[0].address, "10.9.9.9");
    assert_eq!(sessions[0].device, "Safari on iPhone");
    assert_eq!(sessions[0].last_used_at, w.clock.now());
    assert_eq!(sessions[0].started_at, w.clock.now() - Duration::minutes(50));
}

#[test]
fn devices_have_short_readable_names() {
    assert_eq!(describe_device(""), "Unknown device");
    assert_eq!(describe_device("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36 Edg/130.0"), "Edge on Windows");
    assert_eq!(describe_device("Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15"), "Safari on macOS");
    assert_eq!(describe_device("curl/8.5.0"), "curl");
}

/// Security III §6: the authenticator secret is stored sealed, and codes are checked against
/// the opened one.
#[test]
fn the_authenticator_secret_is_stored_sealed() {
    let w = world();
    let member = enrolled(&w, "a@b.co");
    let user = w.service.current_user(member.session).unwrap().id;
    let stored = w.store.find_two_factor(user).unwrap().unwrap().secret;
    assert_eq!(stored, format!("sealed({}:{})", user.0, member.secret));
    let step = challenge(&w, "a@b.co");
    let code = FakeOneTimePasswords::code_at(&member.secret, w.clock.now());
    assert!(w.service.finish_second_factor(Some(&step), Some(&code), "10.0.0.1").is_ok());
}
