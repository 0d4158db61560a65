//! rustls needs one process-wide crypto provider. Some clients here bring none of their own (S3's,
//! in `media`), and rustls picks one by itself only when its features name exactly one: the
//! payment clients install `ring`, the only one built, before they connect.

pub(crate) fn install_crypto_provider() {
    // An error only means a provider is installed already, which is all we need.
    let _ = rustls::crypto::ring::default_provider().install_default();
}
