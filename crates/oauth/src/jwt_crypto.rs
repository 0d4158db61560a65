//! jsonwebtoken's cryptography over `ring`, which the server's TLS clients already build: the
//! crate's own backends are `aws-lc-rs` (a C library whose build took 45 s of a clean build, the
//! only user left) and RustCrypto's `rsa` (another tree of crates). Apple's ID tokens need RS256
//! only; RS384/RS512 and the HMAC family are here so a token of another algorithm is refused by
//! our rule (`id_token::verify`), and tests can make one. Elliptic-curve and EdDSA keys are refused
//! as an unknown algorithm.

use jsonwebtoken::crypto::{CryptoProvider, JwtSigner, JwtVerifier, KeyUtils};
use jsonwebtoken::errors::{Error, ErrorKind};
use jsonwebtoken::jwk::ThumbprintHash;
use jsonwebtoken::signature::{self, Signer, Verifier};
use jsonwebtoken::{Algorithm, AlgorithmFamily, DecodingKey, DecodingKeyKind, EncodingKey};
use ring::{digest, hmac, rand, rsa, signature as ring_signature};

/// The provider `id_token::ensure_crypto_provider` installs.
pub static RING_PROVIDER: CryptoProvider = CryptoProvider {
    signer_factory: signer,
    verifier_factory: verifier,
    key_utils: KeyUtils {
        rsa_pub_components_from_private_key: rsa_public_components,
        rsa_pub_components_from_public_key: |_| Err(ErrorKind::InvalidKeyFormat.into()),
        ec_pub_components_from_private_key: |_, _| Err(ErrorKind::InvalidAlgorithm.into()),
        ed_pub_components_from_private_key: |_, _| Err(ErrorKind::InvalidAlgorithm.into()),
        compute_digest: thumbprint_digest,
    },
};

/// An algorithm this provider signs and checks, with its family.
#[derive(Clone, Copy)]
enum Scheme {
    Rsa { signing: &'static dyn ring_signature::RsaEncoding, checking: &'static ring_signature::RsaParameters },
    Hmac(hmac::Algorithm),
}

fn scheme(algorithm: Algorithm) -> Result<Scheme, Error> {
    Ok(match algorithm {
        Algorithm::RS256 => Scheme::Rsa { signing: &ring_signature::RSA_PKCS1_SHA256, checking: &ring_signature::RSA_PKCS1_2048_8192_SHA256 },
        Algorithm::RS384 => Scheme::Rsa { signing: &ring_signature::RSA_PKCS1_SHA384, checking: &ring_signature::RSA_PKCS1_2048_8192_SHA384 },
        Algorithm::RS512 => Scheme::Rsa { signing: &ring_signature::RSA_PKCS1_SHA512, checking: &ring_signature::RSA_PKCS1_2048_8192_SHA512 },
        Algorithm::HS256 => Scheme::Hmac(hmac::HMAC_SHA256),
        Algorithm::HS384 => Scheme::Hmac(hmac::HMAC_SHA384),
        Algorithm::HS512 => Scheme::Hmac(hmac::HMAC_SHA512),
        _ => return Err(ErrorKind::InvalidAlgorithm.into()),
    })
}

/// The algorithm's scheme, when the key is of its family.
fn scheme_for(algorithm: Algorithm, key_family: AlgorithmFamily) -> Result<Scheme, Error> {
    let scheme = scheme(algorithm)?;
    let family = match scheme {
        Scheme::Rsa { .. } => AlgorithmFamily::Rsa,
        Scheme::Hmac(_) => AlgorithmFamily::Hmac,
    };
    if key_family != family {
        return Err(ErrorKind::InvalidKeyFormat.into());
    }
    Ok(scheme)
}

struct RingSigner {
    algorithm: Algorithm,
    scheme: Scheme,
    key: EncodingKey,
}

fn signer(algorithm: &Algorithm, key: &EncodingKey) -> Result<Box<dyn JwtSigner>, Error> {
    Ok(Box::new(RingSigner { algorithm: *algorithm, scheme: scheme_for(*algorithm, key.family())?, key: key.clone() }))
}

impl Signer<Vec<u8>> for RingSigner {
    fn try_sign(&self, message: &[u8]) -> Result<Vec<u8>, signature::Error> {
        match self.scheme {
            Scheme::Rsa { signing, .. } => {
                let pair = ring_signature::RsaKeyPair::from_der(self.key.as_bytes()).map_err(|_| signature::Error::new())?;
                let mut signed = vec![0; pair.public().modulus_len()];
                pair.sign(signing, &rand::SystemRandom::new(), message, &mut signed).map_err(|_| signature::Error::new())?;
                Ok(signed)
            }
            Scheme::Hmac(algorithm) => Ok(hmac::sign(&hmac::Key::new(algorithm, self.key.as_bytes()), message).as_ref().to_vec()),
        }
    }
}

impl JwtSigner for RingSigner {
    fn algorithm(&self) -> Algorithm {
        self.algorithm
    }
}

struct RingVerifier {
    algorithm: Algorithm,
    scheme: Scheme,
    key: DecodingKey,
}

fn verifier(algorithm: &Algorithm, key: &DecodingKey) -> Result<Box<dyn JwtVerifier>, Error> {
    Ok(Box::new(RingVerifier { algorithm: *algorithm, scheme: scheme_for(*algorithm, key.family())?, key: key.clone() }))
}

impl Verifier<Vec<u8>> for RingVerifier {
    fn verify(&self, message: &[u8], signed: &Vec<u8>) -> Result<(), signature::Error> {
        let checked = match (self.scheme, self.key.kind()) {
            (Scheme::Rsa { checking, .. }, DecodingKeyKind::RsaModulusExponent { n, e }) => {
                ring_signature::RsaPublicKeyComponents { n, e }.verify(checking, message, signed)
            }
            (Scheme::Rsa { checking, .. }, DecodingKeyKind::SecretOrDer(der)) => ring_signature::UnparsedPublicKey::new(checking, der).verify(message, signed),
            (Scheme::Hmac(algorithm), DecodingKeyKind::SecretOrDer(secret)) => hmac::verify(&hmac::Key::new(algorithm, secret), message, signed),
            (Scheme::Hmac(_), DecodingKeyKind::RsaModulusExponent { .. }) => return Err(signature::Error::new()),
        };
        checked.map_err(|_| signature::Error::new())
    }
}

impl JwtVerifier for RingVerifier {
    fn algorithm(&self) -> Algorithm {
        self.algorithm
    }
}

/// The public modulus and exponent of a PKCS#1 private key (a JWKS made from a signing key).
fn rsa_public_components(der: &[u8]) -> Result<(Vec<u8>, Vec<u8>), Error> {
    let pair = ring_signature::RsaKeyPair::from_der(der).map_err(|e| ErrorKind::InvalidRsaKey(e.to_string()))?;
    let components = rsa::PublicKeyComponents::<Vec<u8>>::from(pair.public());
    Ok((components.n, components.e))
}

fn thumbprint_digest(data: &[u8], hash: ThumbprintHash) -> Result<Vec<u8>, Error> {
    let algorithm = match hash {
        ThumbprintHash::SHA256 => &digest::SHA256,
        ThumbprintHash::SHA384 => &digest::SHA384,
        ThumbprintHash::SHA512 => &digest::SHA512,
        _ => return Err(ErrorKind::InvalidAlgorithm.into()),
    };
    Ok(digest::digest(algorithm, data).as_ref().to_vec())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn algorithms_other_than_rsa_and_hmac_are_refused_as_unknown() {
        for algorithm in [Algorithm::ES256, Algorithm::ES384, Algorithm::PS256, Algorithm::EdDSA] {
            let refused = verifier(&algorithm, &DecodingKey::from_secret(b"k")).err().map(|e| e.into_kind());
            assert!(matches!(refused, Some(ErrorKind::InvalidAlgorithm)), "{algorithm:?}: {refused:?}");
        }
    }

    #[test]
    fn a_key_of_the_other_family_is_refused() {
        let refused = verifier(&Algorithm::RS256, &DecodingKey::from_secret(b"k")).err().map(|e| e.into_kind());
        assert!(matches!(refused, Some(ErrorKind::InvalidKeyFormat)), "{refused:?}");
    }

    #[test]
    fn hmac_signs_and_checks_and_a_changed_message_fails() {
        let signed = signer(&Algorithm::HS256, &EncodingKey::from_secret(b"secret")).unwrap().try_sign(b"message").unwrap();
        let check = verifier(&Algorithm::HS256, &DecodingKey::from_secret(b"secret")).unwrap();
        assert!(check.verify(b"message", &signed).is_ok());
        assert!(check.verify(b"messagE", &signed).is_err());
        assert!(verifier(&Algorithm::HS256, &DecodingKey::from_secret(b"other")).unwrap().verify(b"message", &signed).is_err());
    }
}
