//! RFC 6238 time-based one-time passwords through totp-rs: SHA-1, 6 digits, 30-second steps and
//! one step of drift either side, what every authenticator app expects.

use identity::ports::OneTimePasswords;
use kernel::Timestamp;
use rand::{rngs::OsRng, RngCore};
use totp_rs::{Builder, Secret, Totp};

const ISSUER: &str = "Gistbook";

#[derive(Default)]
pub struct TotpCodes;

fn totp(secret: &str) -> Option<Totp> {
    let bytes = Secret::try_from_base32(secret).ok()?.as_bytes().to_vec();
    Builder::new().with_secret(bytes).with_skew(1).build().ok()
}

fn unix_seconds(at: Timestamp) -> Option<u64> {
    u64::try_from(at.timestamp()).ok()
}

/// The code an authenticator app shows at `at` (`cargo xtask totp`, tests).
pub fn current_code(secret: &str, at: Timestamp) -> Option<String> {
    Some(totp(secret)?.generate(unix_seconds(at)?).to_string())
}

impl OneTimePasswords for TotpCodes {
    /// 160 random bits, as RFC 4226 recommends.
    fn new_secret(&self) -> String {
        let mut bytes = vec![0u8; 20];
        OsRng.fill_bytes(&mut bytes);
        Secret::from(bytes).to_base32()
    }

    fn provisioning_url(&self, secret: &str, account: &str) -> String {
        format!("otpauth://totp/{ISSUER}:{}?secret={secret}&issuer={ISSUER}&algorithm=SHA1&digits=6&period=30", kernel::url::encode_component(account))
    }

    fn matching_step(&self, secret: &str, code: &str, now: Timestamp) -> Option<i64> {
        let code: String = code.chars().filter(|c| !c.is_whitespace()).collect();
        if code.len() != 6 || !code.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let step = totp(secret)?.check(&code, unix_seconds(now)?)?;
        i64::try_from(step).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{TimeZone, Utc};

    /// RFC 6238 appendix B, SHA-1, seed "12345678901234567890", last six digits.
    #[test]
    fn codes_match_the_rfc_test_vectors() {
        let secret = Secret::from(b"12345678901234567890".to_vec()).to_base32();
        for (unix, code) in [(59, "287082"), (1_111_111_109, "081804"), (1_234_567_890, "005924"), (2_000_000_000, "279037")] {
            let at = Utc.timestamp_opt(unix, 0).unwrap();
            assert_eq!(current_code(&secret, at).unwrap(), code, "at {unix}");
            assert_eq!(TotpCodes.matching_step(&secret, code, at), Some(unix / 30));
        }
    }

    #[test]
    fn a_code_is_good_for_one_step_either_side_and_no_more() {
        let secret = TotpCodes.new_secret();
        assert_eq!(Secret::try_from_base32(&secret).unwrap().as_bytes().len(), 20);
        let at = Utc.with_ymd_and_hms(2026, 11, 23, 10, 0, 0).unwrap();
        let code = current_code(&secret, at).unwrap();
        let step = at.timestamp() / 30;
        assert_eq!(TotpCodes.matching_step(&secret, &code, at + chrono::Duration::seconds(30)), Some(step));
        assert_eq!(TotpCodes.matching_step(&secret, &code, at - chrono::Duration::seconds(30)), Some(step));
        assert_eq!(TotpCodes.matching_step(&secret, &code, at + chrono::Duration::seconds(90)), None);
        assert_eq!(TotpCodes.matching_step(&secret, &format!(" {} {} ", &code[..3], &code[3..]), at), Some(step), "spaces are fine");
        assert_eq!(TotpCodes.matching_step(&secret, "12345", at), None);
        assert_eq!(TotpCodes.matching_step("not base32!", &code, at), None);
    }

    #[test]
    fn the_provisioning_url_names_the_product_and_the_account() {
        let url = TotpCodes.provisioning_url("JBSWY3DPEHPK3PXP", "ada+1@example.com");
        assert_eq!(url, "otpauth://totp/Gistbook:ada%2B1%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Gistbook&algorithm=SHA1&digits=6&period=30");
    }
}
