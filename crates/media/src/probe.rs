//! What ffprobe (from the ffmpeg package) says a stored file holds: its container and the codec of
//! each stream. The file is fed to ffprobe on its standard input from the store (local or S3), so
//! nothing is copied to disk; ffprobe reads only what it needs (a whole file only when an MP4's
//! index sits at its end) and keeps no more than a buffer in memory.

use bytes::Bytes;
use futures::{Stream, StreamExt};
use std::path::PathBuf;
use std::process::Stdio;
use std::time::Duration;
use tokio::io::AsyncWriteExt;

/// One stream of the file, as ffprobe names it (`audio`/`video`/..., `mp3`/`h264`/...).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProbedStream {
    pub kind: String,
    pub codec: String,
}

/// What ffprobe found.
#[derive(Debug, Clone, PartialEq)]
pub struct Probed {
    /// ffprobe's container names, e.g. `mov,mp4,m4a,3gp,3g2,mj2`.
    pub container: String,
    pub streams: Vec<ProbedStream>,
    /// The length the container states (an MP4's index); a stream read from a pipe may not say.
    pub duration_seconds: Option<f64>,
    /// Bits per second over the whole file, when known.
    pub bit_rate: Option<f64>,
}

impl Probed {
    /// The file's length: as stated, else from its size and bit rate (as ffprobe itself estimates
    /// an MP3 it can measure; exact for constant bit rates).
    pub fn length_seconds(&self, size_bytes: u64) -> Option<f64> {
        let estimate = || self.bit_rate.filter(|rate| *rate > 0.0).map(|rate| size_bytes as f64 * 8.0 / rate);
        self.duration_seconds.filter(|d| d.is_finite() && *d >= 0.0).or_else(estimate)
    }
}

/// Why a file has no probe result.
#[derive(Debug, thiserror::Error)]
pub enum ProbeError {
    /// ffprobe is not installed: the check cannot run (the server logs a warning).
    #[error("ffprobe is not available: {0}")]
    Unavailable(String),
    /// ffprobe could not read the file as media (damaged, or not media at all).
    #[error("ffprobe could not read the file: {0}")]
    Unreadable(String),
    #[error("ffprobe took longer than {0:?}")]
    TimedOut(Duration),
    /// The store could not be read.
    #[error("reading the file: {0}")]
    Store(String),
}

/// How to run ffprobe.
#[derive(Debug, Clone)]
pub struct Prober {
    pub program: PathBuf,
    pub timeout: Duration,
}

impl Default for Prober {
    fn default() -> Self {
        Prober { program: PathBuf::from("ffprobe"), timeout: Duration::from_secs(300) }
    }
}

impl Prober {
    /// Probes the file `body` streams. ffprobe may stop reading before the end (it found what it
    /// needs): the rest is not sent.
    pub async fn probe<E: std::fmt::Display>(&self, mut body: impl Stream<Item = Result<Bytes, E>> + Unpin) -> Result<Probed, ProbeError> {
        let mut child = tokio::process::Command::new(&self.program)
            .args(["-v", "error", "-show_entries", "stream=codec_type,codec_name:format=format_name,duration,bit_rate", "-of", "json", "-i", "pipe:0"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .map_err(|e| ProbeError::Unavailable(e.to_string()))?;
        let mut stdin = child.stdin.take().ok_or_else(|| ProbeError::Unavailable("no standard input".into()))?;
        let feed = async move {
            while let Some(chunk) = body.next().await {
                let chunk = chunk.map_err(|e| ProbeError::Store(e.to_string()))?;
                // A closed pipe: ffprobe has read enough.
                if stdin.write_all(&chunk).await.is_err() {
                    break;
                }
            }
            drop(stdin);
            Ok::<(), ProbeError>(())
        };
        let run = async {
            let (fed, output) = tokio::join!(feed, child.wait_with_output());
            fed?;
            output.map_err(|e| ProbeError::Unavailable(e.to_string()))
        };
        let output = tokio::time::timeout(self.timeout, run).await.map_err(|_| ProbeError::TimedOut(self.timeout))??;
        if !output.status.success() {
            let said = String::from_utf8_lossy(&output.stderr);
            return Err(ProbeError::Unreadable(said.lines().last().unwrap_or("no answer").trim().to_owned()));
        }
        parse(&output.stdout)
    }
}

/// Reads ffprobe's JSON answer.
pub fn parse(json: &[u8]) -> Result<Probed, ProbeError> {
    #[derive(serde::Deserialize)]
    struct Answer {
        #[serde(default)]
        streams: Vec<StreamEntry>,
        format: Option<Format>,
    }
    #[derive(serde::Deserialize)]
    struct StreamEntry {
        codec_type: Option<String>,
        codec_name: Option<String>,
    }
    #[derive(serde::Deserialize)]
    struct Format {
        format_name: Option<String>,
        duration: Option<String>,
        bit_rate: Option<String>,
    }
    let answer: Answer = serde_json::from_slice(json).map_err(|e| ProbeError::Unreadable(format!("an answer that is not ffprobe's JSON: {e}")))?;
    let format = answer.format.ok_or_else(|| ProbeError::Unreadable("no container found".into()))?;
    Ok(Probed {
        container: format.format_name.unwrap_or_default(),
        streams: answer.streams.into_iter().map(|s| ProbedStream { kind: s.codec_type.unwrap_or_default(), codec: s.codec_name.unwrap_or_default() }).collect(),
        duration_seconds: format.duration.and_then(|d| d.parse().ok()),
        bit_rate: format.bit_rate.and_then(|r| r.parse().ok()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ffprobes_answer_is_read_into_container_streams_and_duration() {
        let json = br#"{"programs": [], "streams": [{"codec_name": "h264", "codec_type": "video"}, {"codec_name": "aac", "codec_type": "audio"}],
            "format": {"format_name": "mov,mp4,m4a,3gp,3g2,mj2", "duration": "12.500000"}}"#;
        let probed = parse(json).unwrap();
        assert_eq!(probed.container, "mov,mp4,m4a,3gp,3g2,mj2");
        assert_eq!(probed.streams, [ProbedStream { kind: "video".into(), codec: "h264".into() }, ProbedStream { kind: "audio".into(), codec: "aac".into() }]);
        assert_eq!(probed.duration_seconds, Some(12.5));
        assert_eq!(probed.length_seconds(1_000_000), Some(12.5), "the stated length first");
        // An MP3 read from a pipe states no length: its size over its bit rate.
        let piped_mp3 =
            parse(br#"{"streams": [{"codec_name": "mp3", "codec_type": "audio"}], "format": {"format_name": "mp3", "bit_rate": "32000"}}"#).unwrap();
        assert_eq!((piped_mp3.duration_seconds, piped_mp3.length_seconds(40_000)), (None, Some(10.0)));
        let nothing_known = parse(br#"{"streams": [], "format": {"format_name": "wav"}}"#).unwrap();
        assert_eq!(nothing_known.length_seconds(40_000), None);
        assert!(matches!(parse(b"{}"), Err(ProbeError::Unreadable(_))), "no format: nothing was recognised");
        assert!(matches!(parse(b"not json"), Err(ProbeError::Unreadable(_))));
    }

    #[tokio::test]
    async fn a_missing_ffprobe_is_unavailable_not_a_bad_file() {
        let prober = Prober { program: PathBuf::from("/nonexistent/ffprobe"), ..Prober::default() };
        let body = futures::stream::iter([Ok::<Bytes, std::io::Error>(Bytes::from_static(b"ID3"))]);
        assert!(matches!(prober.probe(body).await, Err(ProbeError::Unavailable(_))));
    }
}
