//! Narration and video for the demo books and podcasts: espeak-ng speaks each section, ffmpeg
//! makes an MP3 of them (and a video of a book's slides over it). Both are cached under
//! `.local/seed-media/` by a hash of what they are made from, so a second seed reuses them.
//! Without espeak-ng or ffmpeg, a short, quiet tone stands in, and the seed says so.

use anyhow::{bail, Context, Result};
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};
use std::process::Command;

/// espeak-ng's voice and speed; a change makes new files (it is part of the cache key).
const VOICE: [&str; 4] = ["-v", "en-us", "-s", "160"];
/// espeak-ng writes 16-bit mono PCM at this rate.
const SPEECH_RATE: u32 = 22_050;
/// A pause between two sections.
const PAUSE_SECONDS: f64 = 0.8;
/// Bumped when the way files are made changes, so older cached files are not reused.
const RECIPE: &str = "narration-v1";

pub fn espeak_available() -> bool {
    Command::new("espeak-ng").arg("--version").output().is_ok_and(|o| o.status.success())
}

pub fn ffmpeg_available() -> bool {
    ["ffmpeg", "ffprobe"].iter().all(|p| Command::new(p).arg("-version").output().is_ok_and(|o| o.status.success()))
}

/// Whether real narration can be made here; says why not when it cannot.
pub fn speech_available() -> bool {
    let (espeak, ffmpeg) = (espeak_available(), ffmpeg_available());
    if !espeak || !ffmpeg {
        let missing: Vec<&str> = [(!espeak).then_some("espeak-ng"), (!ffmpeg).then_some("ffmpeg")].into_iter().flatten().collect();
        println!(
            "{} not installed (apt-get install espeak-ng ffmpeg, or run as root so `cargo xtask run` installs them): \
             demo audio will be a short tone and no demo book gets a video.",
            missing.join(" and ")
        );
    }
    espeak && ffmpeg
}

/// A narration: MP3 bytes and how long each section lasts (pauses included).
pub struct Narration {
    pub mp3: Vec<u8>,
    pub section_seconds: Vec<f64>,
    /// The file in the cache, for the video made over it.
    pub path: PathBuf,
}

impl Narration {
    pub fn seconds(&self) -> f64 {
        self.section_seconds.iter().sum()
    }
}

/// The folder of cached seed media.
pub fn cache_dir() -> PathBuf {
    xtask::util::root().join(".local/seed-media")
}

fn hash_of(parts: &[&[u8]]) -> String {
    let mut hasher = Sha256::new();
    for part in parts {
        hasher.update((part.len() as u64).to_le_bytes());
        hasher.update(part);
    }
    hex::encode(&hasher.finalize()[..16])
}

/// Speaks each section (a title line and its text) and joins them with short pauses into one MP3
/// of 22,050 Hz mono; from the cache when these sections were spoken before.
pub fn narrate(sections: &[String]) -> Result<Narration> {
    let dir = cache_dir();
    std::fs::create_dir_all(&dir)?;
    let voice = VOICE.join(" ");
    let mut parts: Vec<&[u8]> = vec![RECIPE.as_bytes(), voice.as_bytes()];
    parts.extend(sections.iter().map(|s| s.as_bytes()));
    let key = hash_of(&parts);
    let mp3_path = dir.join(format!("{key}.mp3"));
    let lengths_path = dir.join(format!("{key}.sections"));
    if let (Ok(mp3), Ok(lengths)) = (std::fs::read(&mp3_path), std::fs::read_to_string(&lengths_path)) {
        let section_seconds: Vec<f64> = lengths.split_whitespace().filter_map(|n| n.parse().ok()).collect();
        if section_seconds.len() == sections.len() {
            return Ok(Narration { mp3, section_seconds, path: mp3_path });
        }
    }
    let work = tempdir("speech")?;
    let mut pcm = Vec::new();
    let mut section_seconds = Vec::new();
    let pause = vec![0u8; (PAUSE_SECONDS * f64::from(SPEECH_RATE)) as usize * 2];
    for (n, text) in sections.iter().enumerate() {
        let samples = pcm_of(&speak_to_wav(text, &work.join(format!("{n}.wav")))?)?;
        section_seconds.push((samples.len() + pause.len()) as f64 / 2.0 / f64::from(SPEECH_RATE));
        pcm.extend_from_slice(&samples);
        pcm.extend_from_slice(&pause);
    }
    let joined = work.join("narration.wav");
    std::fs::write(&joined, wav(SPEECH_RATE, 16, &pcm))?;
    let partial = dir.join(format!("{key}.mp3.part"));
    run(Command::new("ffmpeg")
        .args(["-nostdin", "-loglevel", "error", "-y", "-i"])
        .arg(&joined)
        .args(["-ac", "1", "-ar", &SPEECH_RATE.to_string(), "-codec:a", "libmp3lame", "-b:a", "48k", "-f", "mp3"])
        .arg(&partial))?;
    // Written whole, then renamed: an interrupted seed leaves no half file to reuse.
    std::fs::rename(&partial, &mp3_path)?;
    std::fs::write(&lengths_path, section_seconds.iter().map(|s| format!("{s:.3}")).collect::<Vec<_>>().join(" "))?;
    let _ = std::fs::remove_dir_all(&work);
    Ok(Narration { mp3: std::fs::read(&mp3_path)?, section_seconds, path: mp3_path })
}

/// A video of `slides` (SVG documents) shown in turn over the narration, each for an equal share
/// of it: H.264 and AAC in MP4 with the index at the front, so a browser plays while it loads.
pub fn video(slides: &[String], narration: &Narration) -> Result<Vec<u8>> {
    anyhow::ensure!(!slides.is_empty(), "a video needs at least one slide");
    let dir = cache_dir();
    let narration_key = narration.path.file_stem().and_then(|s| s.to_str()).unwrap_or_default().as_bytes().to_vec();
    let mut parts: Vec<&[u8]> = vec![RECIPE.as_bytes(), &narration_key];
    parts.extend(slides.iter().map(|s| s.as_bytes()));
    let path = dir.join(format!("{}.mp4", hash_of(&parts)));
    if let Ok(bytes) = std::fs::read(&path) {
        return Ok(bytes);
    }
    let work = tempdir("video")?;
    let each = narration.seconds() / slides.len() as f64;
    let mut list = String::new();
    for (n, svg) in slides.iter().enumerate() {
        let png = work.join(format!("slide-{n}.png"));
        std::fs::write(work.join(format!("slide-{n}.svg")), svg)?;
        run(Command::new("rsvg-convert").args(["-w", "1280", "-h", "720", "-o"]).arg(&png).arg(work.join(format!("slide-{n}.svg"))))?;
        list.push_str(&format!("file '{}'\nduration {each:.3}\n", png.display()));
    }
    // The concat demuxer needs the last picture named again to show it for its duration.
    list.push_str(&format!("file '{}'\n", work.join(format!("slide-{}.png", slides.len() - 1)).display()));
    std::fs::write(work.join("slides.txt"), list)?;
    let partial = work.join("video.mp4");
    run(Command::new("ffmpeg")
        .args(["-nostdin", "-loglevel", "error", "-y", "-f", "concat", "-safe", "0", "-i"])
        .arg(work.join("slides.txt"))
        .arg("-i")
        .arg(&narration.path)
        .args(["-vf", "fps=2,format=yuv420p", "-c:v", "libx264", "-preset", "veryfast", "-tune", "stillimage", "-crf", "28"])
        .args(["-c:a", "aac", "-b:a", "64k", "-shortest", "-movflags", "+faststart"])
        .arg(&partial))?;
    std::fs::rename(&partial, &path).or_else(|_| std::fs::copy(&partial, &path).map(drop))?;
    let _ = std::fs::remove_dir_all(&work);
    Ok(std::fs::read(&path)?)
}

fn speak_to_wav(text: &str, wav: &Path) -> Result<Vec<u8>> {
    let script = wav.with_extension("txt");
    std::fs::write(&script, text)?;
    run(Command::new("espeak-ng").args(VOICE).arg("-f").arg(&script).arg("-w").arg(wav))?;
    Ok(std::fs::read(wav)?)
}

/// The 16-bit PCM samples of a WAV file espeak-ng wrote, checked to be at its usual rate.
fn pcm_of(wav: &[u8]) -> Result<Vec<u8>> {
    anyhow::ensure!(wav.len() >= 12 && &wav[0..4] == b"RIFF" && &wav[8..12] == b"WAVE", "espeak-ng did not write a WAV file");
    let mut at = 12;
    let mut rate = 0;
    while at + 8 <= wav.len() {
        let id = &wav[at..at + 4];
        let size = u32::from_le_bytes(wav[at + 4..at + 8].try_into()?) as usize;
        let body = &wav[at + 8..(at + 8 + size).min(wav.len())];
        match id {
            b"fmt " if body.len() >= 16 => {
                rate = u32::from_le_bytes(body[4..8].try_into()?);
                let (channels, bits) = (u16::from_le_bytes(body[2..4].try_into()?), u16::from_le_bytes(body[14..16].try_into()?));
                anyhow::ensure!(channels == 1 && bits == 16, "espeak-ng wrote {channels} channels of {bits} bits");
            }
            b"data" => {
                anyhow::ensure!(rate == SPEECH_RATE, "espeak-ng spoke at {rate} Hz, not {SPEECH_RATE}");
                // espeak-ng streams to the file and may leave the sizes unset: take what is there.
                let end = if size == 0 || size == u32::MAX as usize { wav.len() } else { (at + 8 + size).min(wav.len()) };
                return Ok(wav[at + 8..end].to_vec());
            }
            _ => {}
        }
        at += 8 + size + (size & 1);
    }
    bail!("espeak-ng's WAV file has no samples")
}

/// A PCM WAV file of `data` (mono).
fn wav(rate: u32, bits: u16, data: &[u8]) -> Vec<u8> {
    let block = bits / 8;
    let mut out = Vec::with_capacity(44 + data.len());
    out.extend_from_slice(b"RIFF");
    out.extend_from_slice(&(36 + data.len() as u32).to_le_bytes());
    out.extend_from_slice(b"WAVEfmt ");
    out.extend_from_slice(&16u32.to_le_bytes());
    out.extend_from_slice(&1u16.to_le_bytes()); // PCM
    out.extend_from_slice(&1u16.to_le_bytes()); // mono
    out.extend_from_slice(&rate.to_le_bytes());
    out.extend_from_slice(&(rate * u32::from(block)).to_le_bytes());
    out.extend_from_slice(&block.to_le_bytes());
    out.extend_from_slice(&bits.to_le_bytes());
    out.extend_from_slice(b"data");
    out.extend_from_slice(&(data.len() as u32).to_le_bytes());
    out.extend_from_slice(data);
    out
}

/// `seconds` of a soft 440 Hz tone fading in and out: 8 kHz, 8-bit mono WAV (the stand-in for
/// narration where espeak-ng or ffmpeg is missing, and the fast seed of the test servers).
pub fn tone(seconds: u32) -> Vec<u8> {
    let rate = 8000u32;
    let samples: Vec<u8> = (0..rate * seconds)
        .map(|i| {
            let t = f64::from(i) / f64::from(rate);
            let envelope = t.min(f64::from(seconds) - t).clamp(0.0, 1.0);
            (128.0 + (t * 440.0 * std::f64::consts::TAU).sin() * 20.0 * envelope) as u8
        })
        .collect();
    wav(rate, 8, &samples)
}

fn tempdir(what: &str) -> Result<PathBuf> {
    let dir = std::env::temp_dir().join(format!("gistbook-{what}-{}-{}", std::process::id(), rand::random::<u32>()));
    std::fs::create_dir_all(&dir)?;
    Ok(dir)
}

fn run(command: &mut Command) -> Result<()> {
    let output = command.output().with_context(|| format!("running {:?}", command.get_program()))?;
    if !output.status.success() {
        bail!("{:?} failed ({}): {}", command.get_program(), output.status, String::from_utf8_lossy(&output.stderr).trim());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tone_is_a_wav_of_the_asked_length() {
        let bytes = tone(2);
        assert_eq!(&bytes[0..4], b"RIFF");
        assert_eq!(bytes.len(), 44 + 16_000);
        assert_eq!(pcm_of(&wav(SPEECH_RATE, 16, &[0, 0, 1, 0])).unwrap(), vec![0, 0, 1, 0]);
    }

    /// Needs espeak-ng and ffmpeg (`cargo xtask test` installs them before the Rust tests).
    #[test]
    fn a_narration_is_speech_of_each_section_in_an_mp3_of_22_khz() {
        xtask::util::enter_workspace_root().unwrap();
        let file = crate::catalogue_seed::data_dir().join("books/the-way-to-wealth.html");
        let body = std::fs::read_to_string(file).unwrap();
        let sections: Vec<String> =
            catalogue::html::sections(&body).into_iter().take(2).map(|s| format!("{}. {}", s.title, catalogue::html::plain_text(&s.html))).collect();
        assert_eq!(sections.len(), 2);
        let narration = narrate(&sections).unwrap();
        assert_eq!(narration.section_seconds.len(), 2);
        assert!(narration.section_seconds.iter().all(|&s| s > 10.0), "{:?}", narration.section_seconds);

        let probe = Command::new("ffprobe")
            .args(["-v", "error", "-show_entries", "stream=codec_name,sample_rate:format=duration", "-of", "json"])
            .arg(&narration.path)
            .output()
            .unwrap();
        let probed: serde_json::Value = serde_json::from_slice(&probe.stdout).unwrap();
        assert_eq!(probed["streams"][0]["codec_name"], "mp3");
        let rate: u32 = probed["streams"][0]["sample_rate"].as_str().unwrap().parse().unwrap();
        assert!(rate >= 22_050, "{rate} Hz");
        let duration: f64 = probed["format"]["duration"].as_str().unwrap().parse().unwrap();
        assert!((duration - narration.seconds()).abs() < 0.5, "{duration} s in the file, {} s counted", narration.seconds());
    }

    #[test]
    fn a_wav_at_another_rate_or_without_samples_is_refused() {
        assert!(pcm_of(&wav(8000, 16, &[0, 0])).is_err());
        assert!(pcm_of(b"RIFF\0\0\0\0WAVE").is_err());
    }
}
