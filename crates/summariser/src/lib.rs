//! The AI summariser (issue 16 §4): a paid member gives a link or a file; the text is extracted
//! (`extract`), summarised into key-idea sections (`summarise`, offline and extractive by default,
//! or a configured language model behind the `LanguageModel` port), and kept as "My summaries".
//! Links are fetched only where `fetch_policy` allows. Work runs as a job through the states of
//! `JobStatus`; `service` holds the use cases over the ports in `ports`. No I/O here.

pub mod error;
pub mod extract;
pub mod fetch_policy;
pub mod limits;
pub mod ports;
pub mod service;
pub mod summarise;

#[cfg(any(test, feature = "test-support"))]
pub mod fakes;

pub use error::SummariserError;
pub use service::Summariser;
