//! rustls needs one process-wide crypto provider. In the server's build both `ring` (async-stripe)
//! and `aws-lc-rs` (other clients) are compiled in, so rustls cannot pick one by itself and would
//! panic on the first TLS connection: the payment clients install `ring` before they connect.

pub(crate) fn install_crypto_provider() {
    // An error only means a provider is installed already, which is all we need.
    let _ = rustls::crypto::ring::default_provider().install_default();
}
