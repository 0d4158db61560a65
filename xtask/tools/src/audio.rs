//! Narration for demo books: espeak-ng when it is installed, else a short, quiet tone so that the
//! player still has something to play.

use anyhow::{Context, Result};
use std::process::Command;

pub fn espeak_available() -> bool {
    Command::new("espeak-ng").arg("--version").output().is_ok_and(|o| o.status.success())
}

/// Speaks `text` into WAV bytes with espeak-ng.
pub fn speak(text: &str) -> Result<Vec<u8>> {
    let dir = std::env::temp_dir().join(format!("gistbook-speech-{}-{}", std::process::id(), rand::random::<u32>()));
    std::fs::create_dir_all(&dir)?;
    let script = dir.join("script.txt");
    let wav = dir.join("speech.wav");
    std::fs::write(&script, text)?;
    let status = Command::new("espeak-ng").args(["-v", "en-us", "-s", "165", "-f"]).arg(&script).arg("-w").arg(&wav).status().context("running espeak-ng")?;
    anyhow::ensure!(status.success(), "espeak-ng failed with {status}");
    let bytes = std::fs::read(&wav)?;
    let _ = std::fs::remove_dir_all(&dir);
    Ok(bytes)
}

/// `seconds` of a soft 440 Hz tone fading in and out: 8 kHz, 8-bit mono WAV.
pub fn tone(seconds: u32) -> Vec<u8> {
    let rate = 8000u32;
    let samples = rate * seconds;
    let mut wav = Vec::with_capacity(44 + samples as usize);
    wav.extend_from_slice(b"RIFF");
    wav.extend_from_slice(&(36 + samples).to_le_bytes());
    wav.extend_from_slice(b"WAVEfmt ");
    wav.extend_from_slice(&16u32.to_le_bytes());
    wav.extend_from_slice(&1u16.to_le_bytes()); // PCM
    wav.extend_from_slice(&1u16.to_le_bytes()); // mono
    wav.extend_from_slice(&rate.to_le_bytes());
    wav.extend_from_slice(&rate.to_le_bytes()); // bytes per second
    wav.extend_from_slice(&1u16.to_le_bytes()); // block align
    wav.extend_from_slice(&8u16.to_le_bytes()); // bits per sample
    wav.extend_from_slice(b"data");
    wav.extend_from_slice(&samples.to_le_bytes());
    for i in 0..samples {
        let t = i as f64 / f64::from(rate);
        let envelope = t.min(f64::from(seconds) - t).clamp(0.0, 1.0);
        let value = (t * 440.0 * std::f64::consts::TAU).sin() * 20.0 * envelope;
        wav.push((128.0 + value) as u8);
    }
    wav
}
