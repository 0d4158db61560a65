//! The media store on S3: the same calls the server makes, against an S3-compatible server (moto
//! in server mode, from the `PY_TOOLS` venv) on loopback. Uploads (one PUT, and multipart above
//! `UPLOAD_PART_BYTES`), reads whole and by range, a premium file fetched the way
//! `/media/premium/...?exp=&sig=` serves it (signature, `Range` header, ranged read), deletion.

use bytes::Bytes;
use futures::{StreamExt, TryStreamExt};
use media::range::{answer, RangeAnswer};
use media::{MediaError, MediaStore, StoreSettings, UploadError, UrlSigner, UPLOAD_PART_BYTES};
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const BUCKET: &str = "gistbook-media";

/// The venv with moto, from `PY_TOOLS`; a clear failure without it, never a silent pass.
fn py_tools() -> PathBuf {
    let how = "run `cargo xtask test` (it makes target/py-tools), or make it yourself: \
               python3 -m venv target/py-tools && target/py-tools/bin/pip install aiosmtpd==1.4.6 'moto[server]==5.2.5', \
               then set PY_TOOLS=$PWD/target/py-tools";
    let Some(venv) = std::env::var_os("PY_TOOLS").map(PathBuf::from) else { panic!("PY_TOOLS is not set: this test needs the Python venv with moto; {how}") };
    assert!(venv.join("bin/moto_server").exists(), "PY_TOOLS={} has no moto_server; {how}", venv.display());
    venv
}

/// moto_server on a free loopback port with the bucket made, killed when dropped.
struct S3Server {
    child: Child,
    port: u16,
}

impl S3Server {
    fn start() -> S3Server {
        let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let child = Command::new(py_tools().join("bin/moto_server"))
            .args(["-H", "127.0.0.1", "-p", &port.to_string()])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .spawn()
            .expect("start moto_server");
        let mut server = S3Server { child, port };
        // Until it answers: making the bucket is the first request that works.
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            if let Ok(reply) = server.http("PUT", &format!("/{BUCKET}")) {
                assert!(reply.starts_with("HTTP/1.1 200"), "creating the bucket: {reply}");
                return server;
            }
            if let Some(status) = server.child.try_wait().unwrap() {
                panic!("moto_server stopped ({status}); its errors are above");
            }
            assert!(Instant::now() < deadline, "moto_server did not answer on port {port} within a minute");
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// One unsigned request (moto does not check signatures), the whole answer.
    fn http(&self, method: &str, target: &str) -> std::io::Result<String> {
        let mut stream = TcpStream::connect(("127.0.0.1", self.port))?;
        stream.set_read_timeout(Some(Duration::from_secs(30)))?;
        write!(stream, "{method} {target} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n", self.port)?;
        let mut reply = Vec::new();
        stream.read_to_end(&mut reply)?;
        if reply.is_empty() {
            return Err(std::io::Error::other("empty answer"));
        }
        Ok(String::from_utf8_lossy(&reply).into_owned())
    }

    fn store(&self) -> MediaStore {
        MediaStore::open(&StoreSettings::S3 {
            bucket: BUCKET.into(),
            region: "us-east-1".into(),
            endpoint: Some(format!("http://127.0.0.1:{}", self.port)),
            access_key_id: "test-key".into(),
            secret_access_key: "test-secret".into(),
            allow_http: true,
        })
        .unwrap()
    }

    /// The object's ETag as S3 reports it (`"<md5 of the parts' md5s>-<parts>"` after a multipart upload).
    fn etag(&self, key: &str) -> String {
        let reply = self.http("HEAD", &format!("/{BUCKET}/{key}")).unwrap();
        let line = reply.lines().find(|l| l.to_ascii_lowercase().starts_with("etag:")).unwrap_or_else(|| panic!("no ETag: {reply}"));
        line[5..].trim().trim_matches('"').to_owned()
    }
}

impl Drop for S3Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `len` bytes that differ along the file, so a misplaced part or range shows.
fn pattern(len: usize) -> Vec<u8> {
    (0..len).map(|i| (i % 251) as u8 ^ (i / 251 % 256) as u8).collect()
}

/// `bytes` sent in pieces of `chunk`, as a request body arrives.
fn body(bytes: &[u8], chunk: usize) -> impl futures::Stream<Item = Result<Bytes, std::io::Error>> + Unpin {
    let pieces: Vec<Result<Bytes, std::io::Error>> = bytes.chunks(chunk).map(|c| Ok(Bytes::copy_from_slice(c))).collect();
    futures::stream::iter(pieces)
}

async fn read(store: &MediaStore, key: &str, range: Option<std::ops::Range<u64>>) -> Result<Vec<u8>, MediaError> {
    let chunks: Vec<Bytes> = store.read(key, range).await?.try_collect().await?;
    Ok(chunks.concat())
}

#[tokio::test]
async fn small_and_multipart_uploads_read_back_whole_and_by_range() {
    let server = S3Server::start();
    let store = server.store();

    // A small file in one PUT, as the seed and the cover variants write.
    store.put("public/covers/meditations.svg", b"<svg>small</svg>".to_vec()).await.unwrap();
    assert_eq!(store.size("public/covers/meditations.svg").await.unwrap(), 16);
    assert_eq!(read(&store, "public/covers/meditations.svg", None).await.unwrap(), b"<svg>small</svg>");
    assert_eq!(read(&store, "public/covers/meditations.svg", Some(5..10)).await.unwrap(), b"small");

    // A large one streamed in odd-sized pieces: three parts (8 MiB, 8 MiB, the rest).
    let video = pattern(2 * UPLOAD_PART_BYTES + 123_457);
    let size = store.upload("premium/video/the-prince.mp4", body(&video, 1_000_003), u64::MAX).await.unwrap();
    assert_eq!(size, video.len() as u64);
    assert!(server.etag("premium/video/the-prince.mp4").ends_with("-3"), "a multipart upload of three parts");
    assert_eq!(store.size("premium/video/the-prince.mp4").await.unwrap(), video.len() as u64);
    assert!(read(&store, "premium/video/the-prince.mp4", None).await.unwrap() == video, "every byte back in order");
    let across = (UPLOAD_PART_BYTES as u64 - 1000)..(UPLOAD_PART_BYTES as u64 + 1000);
    let part = read(&store, "premium/video/the-prince.mp4", Some(across.clone())).await.unwrap();
    assert!(part == video[across.start as usize..across.end as usize], "a range across the parts' boundary");

    // A small upload is one part, and still a multipart upload.
    store.upload("public/covers/small.png", body(b"png bytes", 4), 1000).await.unwrap();
    assert_eq!(read(&store, "public/covers/small.png", None).await.unwrap(), b"png bytes");

    // A broken or oversized upload leaves no object and no unfinished upload behind.
    let broken = body(&video[..UPLOAD_PART_BYTES + 10], 1 << 20).chain(futures::stream::iter([Err(std::io::Error::other("reset"))]));
    assert!(matches!(store.upload("premium/video/broken.mp4", broken, u64::MAX).await, Err(UploadError::Interrupted(_))));
    let too_large = store.upload("premium/video/huge.mp4", body(&video, 1 << 20), UPLOAD_PART_BYTES as u64 + 1).await;
    assert!(matches!(too_large, Err(UploadError::TooLarge { .. })));
    for key in ["premium/video/broken.mp4", "premium/video/huge.mp4"] {
        assert!(matches!(store.size(key).await, Err(MediaError::NotFound)), "{key}");
    }
    let uploads = server.http("GET", &format!("/{BUCKET}?uploads")).unwrap();
    assert!(uploads.starts_with("HTTP/1.1 200") && !uploads.contains("<UploadId>"), "aborted uploads are gone: {uploads}");
}

#[tokio::test]
async fn a_signed_premium_url_serves_a_range_and_deleted_files_are_not_found() {
    let server = S3Server::start();
    let store = server.store();
    let audio = pattern(300_000);
    store.upload("premium/audio/the-art-of-war.wav", body(&audio, 65_536), u64::MAX).await.unwrap();

    // What GET /media/premium/...?exp=&sig= does with `Range: bytes=1000-1999`: check the
    // signature, then answer 206 with those bytes read from the store.
    let signer = UrlSigner::new(b"media-url-secret".to_vec());
    let now = 1_800_000_000;
    let url = signer.url("premium/audio/the-art-of-war.wav", now);
    let (path, query) = url.split_once('?').unwrap();
    let key = path.strip_prefix("/media/").unwrap();
    let param = |name: &str| query.split('&').find_map(|pair| pair.strip_prefix(name)?.strip_prefix('=')).unwrap().to_owned();
    let (exp, sig) = (param("exp").parse().unwrap(), param("sig"));
    assert_eq!(signer.authorise(key, Some(exp), Some(&sig), now), Ok(media::signing::Visibility::Premium));
    assert!(signer.authorise(key, None, None, now).is_err(), "not without the signature");
    let size = store.size(key).await.unwrap();
    for (header, expected) in [("bytes=1000-1999", 1000..2000), ("bytes=-500", 299_500..300_000), ("bytes=299990-", 299_990..300_000)] {
        let RangeAnswer::Partial(range) = answer(Some(header), size) else { panic!("{header}: not a partial answer") };
        assert_eq!(range, expected, "{header}");
        assert!(read(&store, key, Some(range.clone())).await.unwrap() == audio[range.start as usize..range.end as usize], "{header}");
    }
    assert_eq!(answer(Some("bytes=300000-"), size), RangeAnswer::Unsatisfiable);

    // Deleted: not found by size or read, and deleting again is no error.
    store.remove(key).await.unwrap();
    assert!(matches!(store.size(key).await, Err(MediaError::NotFound)));
    assert!(matches!(store.read(key, Some(0..10)).await.err(), Some(MediaError::NotFound)));
    store.remove(key).await.unwrap();
    assert!(server.http("HEAD", &format!("/{BUCKET}/{key}")).unwrap().starts_with("HTTP/1.1 404"));
}
