//! For tests only (feature `test-support`): a fixed RSA key standing in for Apple's signing key,
//! its public JWKS, tokens signed with it, and forged ones signed with another key under the same
//! `kid`. The private keys in `testdata/` are test fixtures, published here, worthless elsewhere.

use base64::Engine;
use jsonwebtoken::jwk::{Jwk, JwkSet, PublicKeyUse};
use jsonwebtoken::{Algorithm, EncodingKey, Header};
use serde_json::Value;

/// The `kid` of the stand-in key.
pub const KID: &str = "gistbook-stand-in-1";

const STAND_IN_KEY: &str = include_str!("testdata/apple-stand-in.pem");
const FORGER_KEY: &str = include_str!("testdata/forger.pem");

/// A PKCS#1 PEM's DER bytes.
fn der(pem: &str) -> Vec<u8> {
    let body: String = pem.lines().filter(|line| !line.starts_with("-----")).collect();
    base64::engine::general_purpose::STANDARD.decode(body.trim()).expect("a test key in PEM")
}

/// The stand-in provider's private key.
pub fn signing_key() -> EncodingKey {
    EncodingKey::from_rsa_der(&der(STAND_IN_KEY))
}

/// The JWKS a stand-in provider serves: the public half of [`signing_key`], as `KID`.
pub fn jwks() -> Value {
    crate::id_token::ensure_crypto_provider();
    let mut jwk = Jwk::from_encoding_key(&signing_key(), Algorithm::RS256).expect("the public half of the test key");
    jwk.common.key_id = Some(KID.into());
    jwk.common.public_key_use = Some(PublicKeyUse::Signature);
    serde_json::to_value(JwkSet { keys: vec![jwk] }).expect("a JWKS")
}

fn sign(claims: &Value, kid: &str, key: &EncodingKey) -> String {
    crate::id_token::ensure_crypto_provider();
    let mut header = Header::new(Algorithm::RS256);
    header.kid = Some(kid.into());
    jsonwebtoken::encode(&header, claims, key).expect("a signed test token")
}

/// An RS256 ID token over `claims`, signed by the stand-in key.
pub fn sign_id_token(claims: &Value) -> String {
    sign(claims, KID, &signing_key())
}

/// Signed by the stand-in key but naming another `kid`.
pub fn sign_id_token_with_kid(claims: &Value, kid: &str) -> String {
    sign(claims, kid, &signing_key())
}

/// A forgery: same header (`RS256`, `KID`) but signed by a key the provider never published.
pub fn forge_id_token(claims: &Value) -> String {
    sign(claims, KID, &EncodingKey::from_rsa_der(&der(FORGER_KEY)))
}
