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
    Local {
        dir: std::path::PathBuf,
    },
    S3 {
        bucket: String,
        region: String,
        endpoint: Option<String>,
        access_key_id: String,
        secret_access_key: String,
        allow_http: bool,
    },
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
                // reqwest is built without a provider of its own (Cargo.toml): ring, for the process.
                let _ = rustls::crypto::ring::default_provider().install_default();
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

/// Parts of a streamed upload: S3 wants at least 5 MiB per part (but the last); memory holds one.
pub const UPLOAD_PART_BYTES: usize = 8 * 1024 * 1024;

/// Why a streamed upload stopped (nothing was kept).
#[derive(Debug, thiserror::Error)]
pub enum UploadError {
    #[error("the file is larger than {max} bytes")]
    TooLarge { max: u64 },
    /// The sender stopped or the connection broke.
    #[error("the upload was interrupted: {0}")]
    Interrupted(String),
    #[error(transparent)]
    Store(#[from] MediaError),
}

impl MediaStore {
    /// Streams `body` into the file `key` in parts of [`UPLOAD_PART_BYTES`] (a multipart upload on
    /// S3, a temporary file renamed on completion locally), holding one part in memory. The file
    /// appears only when the whole body arrived; anything else (an error from `body`, more than
    /// `max_bytes`) aborts the upload and leaves nothing behind. Answers the size.
    pub async fn upload<E: std::fmt::Display>(
        &self,
        key: &str,
        mut body: impl futures::Stream<Item = Result<Bytes, E>> + Unpin,
        max_bytes: u64,
    ) -> Result<u64, UploadError> {
        let location = path(key)?;
        let mut upload = self.store.put_multipart(&location).await.map_err(MediaError::from)?;
        let mut part: Vec<u8> = Vec::with_capacity(UPLOAD_PART_BYTES);
        let mut size: u64 = 0;
        let outcome: Result<(), UploadError> = async {
            while let Some(chunk) = body.next().await {
                let chunk = chunk.map_err(|e| UploadError::Interrupted(e.to_string()))?;
                size += chunk.len() as u64;
                if size > max_bytes {
                    return Err(UploadError::TooLarge { max: max_bytes });
                }
                let mut rest: &[u8] = &chunk;
                while !rest.is_empty() {
                    let take = rest.len().min(UPLOAD_PART_BYTES - part.len());
                    part.extend_from_slice(&rest[..take]);
                    rest = &rest[take..];
                    if part.len() == UPLOAD_PART_BYTES {
                        let full = std::mem::replace(&mut part, Vec::with_capacity(UPLOAD_PART_BYTES));
                        upload.put_part(PutPayload::from(full)).await.map_err(MediaError::from)?;
                    }
                }
            }
            if !part.is_empty() || size == 0 {
                upload.put_part(PutPayload::from(std::mem::take(&mut part))).await.map_err(MediaError::from)?;
            }
            Ok(())
        }
        .await;
        match outcome {
            Ok(()) => {
                upload.complete().await.map_err(MediaError::from)?;
                Ok(size)
            }
            Err(error) => {
                let _ = upload.abort().await;
                Err(error)
            }
        }
    }

    /// Removes a file (a replaced upload); a missing file is not an error.
    pub async fn remove(&self, key: &str) -> Result<(), MediaError> {
        match self.store.delete(&path(key)?).await {
            Ok(()) | Err(object_store::Error::NotFound { .. }) => Ok(()),
            Err(other) => Err(other.into()),
        }
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

#[cfg(test)]
mod upload_tests {
    use super::*;
    use futures::TryStreamExt;

    fn chunks(sizes: &[usize]) -> impl futures::Stream<Item = Result<Bytes, std::io::Error>> + Unpin {
        let mut n = 0u8;
        let parts: Vec<Result<Bytes, std::io::Error>> = sizes
            .iter()
            .map(|size| {
                let bytes: Vec<u8> = (0..*size)
                    .map(|_| {
                        n = n.wrapping_add(1);
                        n
                    })
                    .collect();
                Ok(Bytes::from(bytes))
            })
            .collect();
        futures::stream::iter(parts)
    }

    fn local() -> (MediaStore, std::path::PathBuf) {
        let dir = std::env::temp_dir().join(format!("gistbook-upload-test-{}-{}", std::process::id(), rand::random::<u32>()));
        (MediaStore::open(&StoreSettings::Local { dir: dir.clone() }).unwrap(), dir)
    }

    #[tokio::test]
    async fn a_streamed_upload_keeps_every_byte_in_order_across_parts() {
        let (store, dir) = local();
        let sizes = [3, UPLOAD_PART_BYTES - 1, 2, UPLOAD_PART_BYTES + 5, 7];
        let expected: Vec<u8> = chunks(&sizes).try_collect::<Vec<Bytes>>().await.unwrap().concat();
        let size = store.upload("premium/video/a.mp4", chunks(&sizes), u64::MAX).await.unwrap();
        assert_eq!(size, expected.len() as u64);
        let stored: Vec<Bytes> = store.read("premium/video/a.mp4", None).await.unwrap().try_collect().await.unwrap();
        assert_eq!(stored.concat(), expected);
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[tokio::test]
    async fn an_interrupted_or_oversized_upload_leaves_nothing_and_the_old_file_stays() {
        let (store, dir) = local();
        store.put("public/covers/old.png", b"old".to_vec()).await.unwrap();
        let broken = chunks(&[10, 20]).chain(futures::stream::iter([Err(std::io::Error::other("connection reset"))]));
        let error = store.upload("public/covers/new.png", broken, u64::MAX).await.unwrap_err();
        assert!(matches!(error, UploadError::Interrupted(_)), "{error}");
        assert!(matches!(store.size("public/covers/new.png").await, Err(MediaError::NotFound)));
        let error = store.upload("public/covers/new.png", chunks(&[600, 600]), 1000).await.unwrap_err();
        assert!(matches!(error, UploadError::TooLarge { max: 1000 }));
        assert!(matches!(store.size("public/covers/new.png").await, Err(MediaError::NotFound)));
        assert_eq!(store.size("public/covers/old.png").await.unwrap(), 3);
        // No temporary files are left in the folder either.
        let leftovers: Vec<_> = walk(&dir).into_iter().filter(|p| !p.ends_with("old.png")).collect();
        assert!(leftovers.is_empty(), "{leftovers:?}");
        std::fs::remove_dir_all(dir).unwrap();
    }

    fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
        let mut files = Vec::new();
        for entry in std::fs::read_dir(dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                files.extend(walk(&path));
            } else {
                files.push(path);
            }
        }
        files
    }
}
