//! Where covers, audio, video, visual images and infographics live, and how they are handed out.
//!
//! Keys are paths inside the store: `public/...` files are served to anyone, `premium/...` files
//! only through a URL the server signed for a caller entitled to them ([`UrlSigner`]). Reads
//! stream from the store in byte ranges ([`range`]), so audio seeks and a 5 GB video never sits
//! in memory.

pub mod probe;
pub mod range;
pub mod signing;
mod store;
pub mod variants;

pub use signing::UrlSigner;
pub use store::{is_valid_key, MediaError, MediaStore, StoreSettings, UploadError, UPLOAD_PART_BYTES};

/// Keys under this prefix are public.
pub const PUBLIC_PREFIX: &str = "public/";
/// Keys under this prefix need a signed URL.
pub const PREMIUM_PREFIX: &str = "premium/";
