//! The ten-day reading challenge: a visitor or member picks one or two goals and an e-mail
//! address, and gets ten books linked to those goals, one a day (books the member has not
//! completed first, the same plan for the same input), mailed to them; a member saves the plan
//! and each day is marked done when its book is completed. The quizzes' questions and scoring are
//! in `quiz` and `quiz_results`, their words in `quiz_texts`; `service::quizzes` keeps members' results and
//! makes the paid report, and `Challenge::personal_plan` is onboarding's plan. Rules over the ports in `ports`; no database, HTTP or clock.

pub mod error;
pub mod plan;
pub mod ports;
pub mod quiz;
pub mod quiz_results;
pub mod quiz_texts;
pub mod reminders;
pub mod service;

#[cfg(any(test, feature = "test-support"))]
pub mod fakes;

pub use error::ChallengeError;
pub use service::quizzes::{quiz_kind, Quizzes};
pub use service::Challenge;
