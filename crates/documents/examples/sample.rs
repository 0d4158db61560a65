//! Writes a sample summary as `sample.pdf` and `sample.epub` into the folder given (default: the
//! current one), to look at: `cargo run -p documents --example sample -- /tmp/out`.

#[path = "../tests/common/mod.rs"]
mod common;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let folder = std::path::PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| ".".into()));
    let cover = common::png_cover(300, 450);
    let summary = common::summary(Some(&cover));
    std::fs::write(folder.join("sample.pdf"), documents::pdf(&summary)?)?;
    std::fs::write(folder.join("sample.epub"), documents::epub(&summary)?)?;
    Ok(())
}
