//! The HTTP tests of the server, one module per area, in one test binary: each test binary links
//! the whole server (about 290 MB in a debug build), so thirty-odd binaries cost gigabytes of disk
//! and minutes of linking. `admin_uploads` stays a binary of its own: it samples the process's
//! memory. Each test still gets its own application and database (`common::spawn_app`).

#[path = "../common/mod.rs"]
mod common;

mod account;
mod admin_books;
mod admin_content;
mod admin_members;
mod admin_plans;
mod admin_stats;
mod affiliates;
mod ai_summariser;
mod api_contract;
mod billing_access;
mod billing_checkout;
mod billing_coupons;
mod billing_gifts;
mod billing_paypal;
mod billing_prices;
mod billing_reconcile;
mod billing_webhooks;
mod catalogue_access;
mod catalogue_browse;
mod catalogue_media;
mod catalogue_search;
mod challenge;
mod crash_safety;
mod documents;
mod email_verification;
mod handlers;
mod highlights;
mod hostile_input;
mod library_and_ratings;
mod messages;
mod overload;
mod password_reset;
mod podcast_feed;
mod quizzes;
mod reading_progress;
mod referral;
mod referral_ledger;
mod review;
mod sessions;
mod shell;
mod social_sign_in;
mod two_factor;
mod user_register_login;
