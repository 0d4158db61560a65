//! Signed URLs for premium media: `/media/premium/...?exp=<unix seconds>&sig=<hex HMAC-SHA256>`.
//! The server issues one only inside a response to a caller entitled to the file; without the
//! signature the file cannot be fetched, and the key alone does not help a guesser.

use hmac::{Hmac, Mac};
use rand::RngCore;
use sha2::Sha256;

/// How long a signed URL works: long enough to listen to a summary or watch a video.
pub const SIGNED_URL_SECONDS: i64 = 6 * 60 * 60;

#[derive(Clone)]
pub struct UrlSigner {
    secret: Vec<u8>,
}

impl std::fmt::Debug for UrlSigner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("UrlSigner(..)")
    }
}

impl UrlSigner {
    pub fn new(secret: impl Into<Vec<u8>>) -> UrlSigner {
        UrlSigner { secret: secret.into() }
    }

    /// A signer with a random secret (URLs stop working when the process restarts).
    pub fn random() -> UrlSigner {
        let mut secret = vec![0u8; 32];
        rand::thread_rng().fill_bytes(&mut secret);
        UrlSigner { secret }
    }

    fn mac(&self, key: &str, expires: i64) -> Hmac<Sha256> {
        let mut mac = Hmac::<Sha256>::new_from_slice(&self.secret).expect("HMAC takes keys of any length");
        mac.update(key.as_bytes());
        mac.update(b"\n");
        mac.update(expires.to_string().as_bytes());
        mac
    }

    /// The URL path and query for `key`, valid until `now + SIGNED_URL_SECONDS`. The expiry is
    /// rounded up to the hour so that the same file gets the same URL for a while (browser cache).
    pub fn url(&self, key: &str, now_unix: i64) -> String {
        let expires = (now_unix + SIGNED_URL_SECONDS).div_euclid(3600) * 3600 + 3600;
        let signature = hex::encode(self.mac(key, expires).finalize().into_bytes());
        format!("/media/{key}?exp={expires}&sig={signature}")
    }

    /// Whether `signature` was made by this signer for `key` and `expires` is still ahead.
    pub fn verify(&self, key: &str, expires: i64, signature: &str, now_unix: i64) -> bool {
        if expires < now_unix {
            return false;
        }
        let Ok(bytes) = hex::decode(signature) else { return false };
        self.mac(key, expires).verify_slice(&bytes).is_ok()
    }

    /// Who may fetch `key`: anyone for a public file, the bearer of a valid signature for a
    /// premium one. A refusal never says whether the file exists.
    pub fn authorise(&self, key: &str, expires: Option<i64>, signature: Option<&str>, now_unix: i64) -> Result<Visibility, Refusal> {
        if !crate::is_valid_key(key) {
            return Err(Refusal::NotFound);
        }
        if key.starts_with(crate::PUBLIC_PREFIX) {
            return Ok(Visibility::Public);
        }
        if !key.starts_with(crate::PREMIUM_PREFIX) {
            return Err(Refusal::NotFound);
        }
        let (Some(expires), Some(signature)) = (expires, signature) else { return Err(Refusal::Unsigned) };
        if !self.verify(key, expires, signature, now_unix) {
            return Err(Refusal::BadSignature);
        }
        Ok(Visibility::Premium)
    }
}

/// A media file's audience, once its request is authorised (public files may be cached by anyone).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Visibility {
    Public,
    Premium,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// Not a key the store serves.
    NotFound,
    /// A premium file asked for without a signature.
    Unsigned,
    /// A signature that is forged, for another file, or expired.
    BadSignature,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts(url: &str) -> (String, i64, String) {
        let (path, query) = url.split_once('?').unwrap();
        let mut exp = 0;
        let mut sig = String::new();
        for pair in query.split('&') {
            match pair.split_once('=').unwrap() {
                ("exp", v) => exp = v.parse().unwrap(),
                ("sig", v) => sig = v.to_owned(),
                _ => {}
            }
        }
        (path.trim_start_matches("/media/").to_owned(), exp, sig)
    }

    #[test]
    fn a_signed_url_verifies_until_it_expires() {
        let signer = UrlSigner::new(b"secret".to_vec());
        let url = signer.url("premium/audio/a.wav", 1_000_000);
        let (key, exp, sig) = parts(&url);
        assert_eq!(key, "premium/audio/a.wav");
        assert!(exp >= 1_000_000 + SIGNED_URL_SECONDS);
        assert!(signer.verify(&key, exp, &sig, 1_000_000));
        assert!(!signer.verify(&key, exp, &sig, exp + 1), "expired");
    }

    #[test]
    fn public_files_are_open_and_premium_ones_need_a_live_signature() {
        let signer = UrlSigner::new(b"secret".to_vec());
        assert_eq!(signer.authorise("public/covers/a.svg", None, None, 0), Ok(Visibility::Public));
        let (key, exp, sig) = parts(&signer.url("premium/audio/a.wav", 0));
        assert_eq!(signer.authorise(&key, Some(exp), Some(&sig), 0), Ok(Visibility::Premium));
        assert_eq!(signer.authorise(&key, None, None, 0), Err(Refusal::Unsigned));
        assert_eq!(signer.authorise(&key, Some(exp), None, 0), Err(Refusal::Unsigned));
        assert_eq!(signer.authorise(&key, Some(exp), Some(&sig), exp + 1), Err(Refusal::BadSignature));
        assert_eq!(signer.authorise("private/x.wav", Some(exp), Some(&sig), 0), Err(Refusal::NotFound));
        assert_eq!(signer.authorise("../etc/passwd", None, None, 0), Err(Refusal::NotFound));
    }

    #[test]
    fn signatures_do_not_transfer_to_other_files_times_or_secrets() {
        let signer = UrlSigner::new(b"secret".to_vec());
        let (key, exp, sig) = parts(&signer.url("premium/audio/a.wav", 0));
        assert!(!signer.verify("premium/audio/b.wav", exp, &sig, 0));
        assert!(!signer.verify(&key, exp + 3600, &sig, 0));
        assert!(!UrlSigner::new(b"other".to_vec()).verify(&key, exp, &sig, 0));
        assert!(!signer.verify(&key, exp, "zz", 0));
        assert!(!signer.verify(&key, exp, "", 0));
    }
}
