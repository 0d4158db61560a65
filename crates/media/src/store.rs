use bytes::Bytes;
use futures::stream::{BoxStream, StreamExt};
use object_store::path::Path;
use object_store::{GetOptions, GetRange, ObjectStore, ObjectStoreExt, PutPayload};
use std::ops::Range;
use std::sync::Arc;

#[derive(Debug, thiserror::Error)]
pub enum MediaError {
    #[error("no such media file")]
    NotFound,
    #[error("invalid media key")]
    InvalidKey,
    #[error("media store: {0}")]
    Store(String),
}

impl From<object_store::Error> for MediaError {
    fn from(err: object_store::Error) -> Self {
        match err {
            object_store::Error::NotFound { .. } => MediaError::NotFound,
            other => MediaError::Store(other.to_string()),
        }
    }
}

/// Where the store is: a local folder, or an S3(-compatible) bucket.
#[derive(Debug, Clone)]
pub enum StoreSettings {
    Local { dir: std::path::PathBuf },
    S3 { bucket: String, region: String, endpoint: Option<String>, access_key_id: String, secret_access_key: String, allow_http: bool },
    /// For tests.
    Memory,
}

/// The media store, cheap to clone.
#[derive(Clone, Debug)]
pub struct MediaStore {
    store: Arc<dyn ObjectStore>,
}

/// Keys are plain relative paths: lower-case letters, digits, `-`, `_`, `.` and `/`, no empty or
/// dot segments. Anything else never reaches the store.
pub fn is_valid_key(key: &str) -> bool {
    !key.is_empty()
        && key.len() <= 512
        && key.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || matches!(c, '-' | '_' | '.' | '/'))
        && key.split('/').all(|segment| !segment.is_empty() && segment != "." && segment != "..")
}

fn path(key: &str) -> Result<Path, MediaError> {
    if !is_valid_key(key) {
        return Err(MediaError::InvalidKey);
    }
    Path::parse(key).map_err(|_| MediaError::InvalidKey)
}

impl MediaStore {
    pub fn open(settings: &StoreSettings) -> Result<MediaStore, MediaError> {
        let store: Arc<dyn ObjectStore> = match settings {
            StoreSettings::Local { dir } => {
                std::fs::create_dir_all(dir).map_err(|e| MediaError::Store(format!("creating {}: {e}", dir.display())))?;
                Arc::new(object_store::local::LocalFileSystem::new_with_prefix(dir)?)
            }
            StoreSettings::S3 { bucket, region, endpoint, access_key_id, secret_access_key, allow_http } => {
                let mut builder = object_store::aws::AmazonS3Builder::new()
                    .with_bucket_name(bucket)
                    .with_region(region)
                    .with_access_key_id(access_key_id)
                    .with_secret_access_key(secret_access_key)
                    .with_allow_http(*allow_http);
                if let Some(endpoint) = endpoint {
                    builder = builder.with_endpoint(endpoint);
                }
                Arc::new(builder.build()?)
            }
            StoreSettings::Memory => Arc::new(object_store::memory::InMemory::new()),
        };
        Ok(MediaStore { store })
    }

    pub async fn put(&self, key: &str, bytes: Vec<u8>) -> Result<(), MediaError> {
        self.store.put(&path(key)?, PutPayload::from(bytes)).await?;
        Ok(())
    }

    /// The file's size in bytes.
    pub async fn size(&self, key: &str) -> Result<u64, MediaError> {
        Ok(self.store.head(&path(key)?).await?.size)
    }

    /// Streams `range` of the file (all of it when `None`).
    pub async fn read(&self, key: &str, range: Option<Range<u64>>) -> Result<BoxStream<'static, Result<Bytes, MediaError>>, MediaError> {
        let options = GetOptions { range: range.map(GetRange::Bounded), ..GetOptions::default() };
        let result = self.store.get_opts(&path(key)?, options).await?;
        Ok(result.into_stream().map(|chunk| chunk.map_err(MediaError::from)).boxed())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use futures::TryStreamExt;

    #[test]
    fn only_plain_relative_keys_are_valid() {
        assert!(is_valid_key("public/covers/meditations.svg"));
        assert!(is_valid_key("premium/audio/the-art-of-war.wav"));
        for bad in ["", "/etc/passwd", "public/../premium/x", "public//x", "Public/X", "public/a b", "public/./x", "public/x?y"] {
            assert!(!is_valid_key(bad), "{bad}");
        }
    }

    #[tokio::test]
    async fn files_are_read_whole_or_by_range() {
        let store = MediaStore::open(&StoreSettings::Memory).unwrap();
        store.put("public/a.txt", b"0123456789".to_vec()).await.unwrap();
        assert_eq!(store.size("public/a.txt").await.unwrap(), 10);
        let whole: Vec<Bytes> = store.read("public/a.txt", None).await.unwrap().try_collect().await.unwrap();
        assert_eq!(whole.concat(), b"0123456789");
        let part: Vec<Bytes> = store.read("public/a.txt", Some(2..5)).await.unwrap().try_collect().await.unwrap();
        assert_eq!(part.concat(), b"234");
        assert!(matches!(store.size("public/missing").await, Err(MediaError::NotFound)));
        assert!(matches!(store.size("../x").await, Err(MediaError::InvalidKey)));
    }

    #[tokio::test]
    async fn a_local_folder_works_like_memory() {
        let dir = std::env::temp_dir().join(format!("gistbook-media-test-{}", std::process::id()));
        let store = MediaStore::open(&StoreSettings::Local { dir: dir.clone() }).unwrap();
        store.put("premium/audio/x.wav", vec![7; 100]).await.unwrap();
        assert_eq!(store.size("premium/audio/x.wav").await.unwrap(), 100);
        let part: Vec<Bytes> = store.read("premium/audio/x.wav", Some(90..100)).await.unwrap().try_collect().await.unwrap();
        assert_eq!(part.concat(), vec![7; 10]);
        std::fs::remove_dir_all(dir).unwrap();
    }
}
