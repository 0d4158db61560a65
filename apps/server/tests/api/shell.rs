//! The shell's own rules, tested without a server: one module per source file of `src/` (these
//! were its cfg(test) modules; see `server::internals`).

/// The client's address behind trusted proxies.
mod auth {
    use server::internals::client_from_forwarded;

    #[test]
    fn the_client_is_the_hop_our_outermost_proxy_added() {
        let peer = || "10.0.0.2".to_owned();
        assert_eq!(client_from_forwarded(Some("203.0.113.9"), peer(), 0), "10.0.0.2", "no proxy: the header is ignored");
        assert_eq!(client_from_forwarded(Some("203.0.113.9"), peer(), 1), "203.0.113.9");
        // A client that forges hops cannot choose its address: the right-most hops are ours.
        assert_eq!(client_from_forwarded(Some("1.2.3.4, 5.6.7.8, 203.0.113.9"), peer(), 1), "203.0.113.9");
        assert_eq!(client_from_forwarded(Some("1.2.3.4, 203.0.113.9, 10.0.0.7"), peer(), 2), "203.0.113.9");
        assert_eq!(client_from_forwarded(Some("203.0.113.9"), peer(), 2), "10.0.0.2", "too few hops");
        assert_eq!(client_from_forwarded(None, peer(), 1), "10.0.0.2");
    }
}

/// Housekeeping's retention settings.
mod config {
    use server::config::Retention;

    #[test]
    fn throttling_records_are_kept_at_least_a_day_and_the_settings_are_read_as_given_above_it() {
        assert_eq!(Retention::new(1, 30).attempts, chrono::Duration::hours(24), "a day-long limit must not forget early");
        assert_eq!(Retention::new(72, 30).attempts, chrono::Duration::hours(72));
        assert_eq!(Retention::new(24, 7).sent_mail, chrono::Duration::days(7));
        assert_eq!(Retention::new(24, -3).sent_mail, chrono::Duration::zero());
    }
}

/// NUL characters at the edge.
mod hygiene {
    use server::internals::{nul_in_json, nul_in_uri};

    #[test]
    fn nul_is_found_in_uris_and_json_escapes() {
        assert!(nul_in_uri(&"/api/books/a%00b".parse().unwrap()));
        assert!(nul_in_uri(&"/api/search?q=a%00".parse().unwrap()));
        assert!(!nul_in_uri(&"/api/search?q=100%25".parse().unwrap()));
        assert!(nul_in_json(br#"{"a":"x\u0000y"}"#));
        assert!(!nul_in_json(br#"{"a":"x\u00e9y"}"#));
    }
}

/// A rating's stars as sent.
mod ratings {
    use reading_progress::Stars;
    use serde_json::json;
    use server::internals::stars;

    #[test]
    fn stars_are_read_as_sent() {
        assert_eq!(stars(Some(&json!(1))), Stars::Whole(1));
        assert_eq!(stars(Some(&json!(6))), Stars::Whole(6));
        assert_eq!(stars(None), Stars::Missing);
        assert_eq!(stars(Some(&json!(null))), Stars::Missing);
        for other in [json!(4.5), json!("4"), json!([4])] {
            assert_eq!(stars(Some(&other)), Stars::NotWhole, "{other}");
        }
    }
}

/// How the front end's files are found and sent.
mod spa {
    use server::spa::{accepts, inline_script_hashes, is_hashed, prerendered_page, route_shell};

    #[test]
    fn prerendered_pages_are_looked_up_by_plain_paths_only() {
        let temp = tempfile::tempdir().unwrap();
        let dir = temp.path().to_path_buf();
        std::fs::create_dir_all(dir.join("prerendered")).unwrap();
        std::fs::write(dir.join("prerendered/index.html"), "landing").unwrap();
        std::fs::write(dir.join("prerendered/books.html"), "books").unwrap();
        assert_eq!(prerendered_page(&dir, "/"), Some(dir.join("prerendered/index.html")));
        assert_eq!(prerendered_page(&dir, ""), Some(dir.join("prerendered/index.html")));
        assert_eq!(prerendered_page(&dir, "/books"), Some(dir.join("prerendered/books.html")));
        assert_eq!(prerendered_page(&dir, "/books/"), Some(dir.join("prerendered/books.html")));
        for other in ["/index", "/books/meditations", "/login", "/Books", "/../index", "/books.html", "/a//b", "/books%2F"] {
            assert_eq!(prerendered_page(&dir, other), None, "{other}");
        }
    }

    #[test]
    fn route_shells_are_looked_up_by_a_plain_first_segment_only() {
        let temp = tempfile::tempdir().unwrap();
        let dir = temp.path().to_path_buf();
        std::fs::create_dir_all(dir.join("shells/pages")).unwrap();
        std::fs::write(dir.join("shells/pages/payment.html"), "payment").unwrap();
        std::fs::write(dir.join("shells/pages/my-progress.html"), "progress").unwrap();
        let payment = Some(dir.join("shells/pages/payment.html"));
        for path in ["/payment", "/payment/", "/payment/monthly", "payment/monthly/more"] {
            assert_eq!(route_shell(&dir, path), payment, "{path}");
        }
        assert_eq!(route_shell(&dir, "/my-progress"), Some(dir.join("shells/pages/my-progress.html")));
        for other in ["/", "", "/login", "/Payment", "/payment.html", "/../shells/pages/payment", "/%70ayment", "//payment", "/pay ment"] {
            assert_eq!(route_shell(&dir, other), None, "{other}");
        }
    }

    #[test]
    fn the_policy_allows_the_shells_bare_scripts_by_their_hash_only() {
        let dir = std::env::temp_dir().join(format!("spa-inline-{}", std::process::id()));
        assert_eq!(inline_script_hashes(&dir), Vec::<String>::new(), "no build, no shell");
        std::fs::create_dir_all(dir.join("shells")).unwrap();
        let shell = "<html><head><script>alert(1)</script><script defer src=/assets/main.js></script>\
                     <script type=\"application/json\" id=\"book-data\">{}</script></head></html>";
        std::fs::write(dir.join("shells").join("reader.html"), shell).unwrap();
        // sha256("alert(1)") in base64, as `printf 'alert(1)' | openssl dgst -sha256 -binary | base64` gives it.
        const ALERT: &str = "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='";
        assert_eq!(inline_script_hashes(&dir), [ALERT]);
        // A route page's shell (the checkout's) with the same script and one more: each hash once.
        std::fs::create_dir_all(dir.join("shells").join("pages")).unwrap();
        std::fs::write(dir.join("shells").join("pages").join("payment.html"), "<head><script>alert(1)</script><script>alert(2)</script></head>").unwrap();
        std::fs::write(dir.join("shells").join("pages").join("notes.txt"), "<script>alert(3)</script>").unwrap();
        // `printf 'alert(2)' | openssl dgst -sha256 -binary | base64`
        assert_eq!(inline_script_hashes(&dir), [ALERT, "'sha256-4axlHpxgDbFzJObpXPFZgZhULrEGgJiud3OwxN9unHg='"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn hashed_names_and_accepted_encodings() {
        assert!(is_hashed("main.1a2b3c4d.js") && is_hashed("route-quiz.0badf00d.chunk.js") && is_hashed("1061.d049bac8.chunk.js"));
        assert!(!is_hashed("app.js") && !is_hashed("favicon.svg") && !is_hashed("abcdefgh"));
        assert!(accepts("gzip, deflate, br, zstd", "br"));
        assert!(accepts("br;q=1.0, gzip;q=0.5", "gzip"));
        assert!(!accepts("gzip, br;q=0", "br"));
        assert!(accepts("*", "br"));
        assert!(!accepts("", "gzip") && !accepts("identity", "gzip"));
    }
}

/// The Content-Security-Policy for each payment setting.
mod startup {
    use server::startup::content_security_policy;
    use server::PaymentSettings;

    fn live(stripe_js: &str, stripe_api: &str, paypal_sdk: &str) -> PaymentSettings {
        PaymentSettings {
            stripe: Some(payments::stripe::StripeSettings { secret_key: "sk_live_x".into(), api_base: stripe_api.into(), webhook_secret: "whsec_x".into() }),
            stripe_publishable_key: Some("pk_live_x".into()),
            stripe_js_url: stripe_js.into(),
            paypal: Some(payments::paypal::PayPalSettings {
                client_id: "id".into(),
                client_secret: "secret".into(),
                api_base: "https://api-m.paypal.com".into(),
                webhook_id: "WH1".into(),
            }),
            paypal_sdk_url: paypal_sdk.into(),
            ..PaymentSettings::default()
        }
    }

    fn directive(policy: &str, name: &str) -> String {
        policy.split(';').map(str::trim).find(|d| d.starts_with(&format!("{name} "))).unwrap_or_else(|| panic!("{name} in {policy}")).to_owned()
    }

    #[test]
    fn live_and_sandbox_paypal_get_the_sources_paypal_documents() {
        for sdk in ["https://www.paypal.com/sdk/js", "https://www.sandbox.paypal.com/sdk/js"] {
            let policy = content_security_policy(&live("https://js.stripe.com/v3/", "https://api.stripe.com/", sdk), &[]);
            for name in ["script-src", "frame-src", "connect-src", "img-src", "style-src"] {
                let found = directive(&policy, name);
                for source in ["https://*.paypal.com", "https://*.paypalobjects.com", "https://*.venmo.com"] {
                    assert!(found.split(' ').any(|s| s == source), "{source} in {found}");
                }
            }
            assert!(!directive(&policy, "script-src").contains("unsafe-inline"), "{policy}");
            assert!(directive(&policy, "style-src").contains("'unsafe-inline'"), "{policy}");
            assert!(directive(&policy, "img-src").contains("data:"));
        }
    }

    #[test]
    fn live_stripe_gets_stripe_js_its_frames_and_its_api() {
        let policy = content_security_policy(&live("https://js.stripe.com/v3/", "https://api.stripe.com/", "https://www.paypal.com/sdk/js"), &[]);
        assert!(directive(&policy, "script-src").starts_with("script-src 'self' https://js.stripe.com https://*.js.stripe.com"), "{policy}");
        let frames = directive(&policy, "frame-src");
        assert!(frames.contains("https://hooks.stripe.com") && frames.contains("https://*.js.stripe.com"), "{frames}");
        assert!(directive(&policy, "connect-src").contains("https://api.stripe.com"));
    }

    #[test]
    fn stand_ins_get_their_own_origin_and_nothing_broader() {
        let policy = content_security_policy(&live("http://127.0.0.1:4100/v3/", "http://127.0.0.1:4100/", "http://127.0.0.1:4200/sdk/js"), &[]);
        assert_eq!(directive(&policy, "script-src"), "script-src 'self' http://127.0.0.1:4100 http://127.0.0.1:4200");
        assert_eq!(directive(&policy, "style-src"), "style-src 'self'");
        assert!(!policy.contains('*'), "{policy}");
    }

    #[test]
    fn the_builds_inline_scripts_are_allowed_by_their_hash_and_no_other_inline_script() {
        let hash = "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='".to_owned();
        let policy =
            content_security_policy(&live("http://127.0.0.1:4100/v3/", "http://127.0.0.1:4100/", "http://127.0.0.1:4200/sdk/js"), std::slice::from_ref(&hash));
        assert_eq!(directive(&policy, "script-src"), format!("script-src 'self' {hash} http://127.0.0.1:4100 http://127.0.0.1:4200"));
        assert_eq!(policy.matches("sha256").count(), 1, "the hash is a script source only: {policy}");
        assert!(!policy.contains("unsafe-inline"), "{policy}");
    }
}

/// The gate in front of the database pool.
mod state {
    use server::state::DbGate;
    use std::time::Duration;

    #[actix_web::test]
    async fn the_gate_admits_as_many_calls_as_connections_and_refuses_a_call_that_waits_too_long() {
        let gate = DbGate::new(1, Duration::from_millis(50));
        let first = gate.enter().await.expect("a free place");
        let refused = gate.enter().await.expect_err("no place within the timeout");
        assert_eq!(actix_web::ResponseError::status_code(&refused), actix_web::http::StatusCode::SERVICE_UNAVAILABLE);
        drop(first);
        assert!(gate.enter().await.is_ok(), "a returned place is taken again");
    }
}

/// What the request log may show.
mod telemetry {
    use server::telemetry::loggable_target;

    #[test]
    fn signatures_and_provider_codes_stay_out_of_logs() {
        let signed = loggable_target("/media/premium/audio/a.wav", "exp=1700000000&sig=abcdef0123");
        assert_eq!(signed, "/media/premium/audio/a.wav?[redacted]");
        let callback = loggable_target("/api/google/login/oauth/callback", "code=4/secret&state=xyz");
        assert!(!callback.contains("secret") && !callback.contains("xyz"), "{callback}");
        assert!(!loggable_target("/api/linkedin/oauth/callback", "code=c0de").contains("c0de"));
        assert_eq!(loggable_target("/api/search", "q=stoic"), "/api/search?q=stoic");
        assert_eq!(loggable_target("/api/books", ""), "/api/books");
    }
}

/// The reader's text fields, written once.
mod text_json {
    use catalogue::html::memo::{Part, ReadableText, Reading};
    use server::routes::catalogue::text_json::{text_json, TextJson, WrittenTexts};
    use std::sync::Arc;

    const BODY: &str = "<h3>One \"quoted\"</h3><p>first\n</p><h3>Two</h3><p>second</p>";

    fn written(text: &ReadableText) -> serde_json::Value {
        let json = text_json(text).unwrap();
        serde_json::json!({ "truncatedBody": json.truncated_body, "body": json.body, "sections": json.sections })
    }

    #[test]
    fn the_fields_are_what_serialising_the_text_gives() {
        let reading = Arc::new(Reading::new(BODY));
        let whole = ReadableText::new(Arc::clone(&reading), Part::Whole);
        let sections =
            |part: Part| -> Vec<serde_json::Value> { reading.sections(part).iter().map(|s| serde_json::json!({ "title": s.title, "html": s.html })).collect() };
        assert_eq!(written(&whole), serde_json::json!({ "truncatedBody": reading.first_section(), "body": BODY, "sections": sections(Part::Whole) }));
        let first = ReadableText::new(Arc::clone(&reading), Part::First);
        assert_eq!(written(&first), serde_json::json!({ "truncatedBody": reading.first_section(), "body": null, "sections": sections(Part::First) }));
    }

    /// Its bytes are what its JSON holds; texts nobody holds go first when the bound is near, and
    /// it never holds more than its bound.
    #[test]
    fn the_written_texts_stay_within_their_bound_in_bytes() {
        let sample = ReadableText::new(Arc::new(Reading::new(BODY)), Part::Whole);
        let one = TextJson::of(&sample).unwrap().bytes();
        let texts = WrittenTexts::new(3 * one);
        let held: Vec<ReadableText> = (0..2).map(|_| ReadableText::new(Arc::new(Reading::new(BODY)), Part::Whole)).collect();
        for text in &held {
            texts.json(text).unwrap();
        }
        assert_eq!(texts.size(), kernel::CacheSize { entries: 2, bytes: 2 * one, limit_bytes: 3 * one });
        {
            let dropped = ReadableText::new(Arc::new(Reading::new(BODY)), Part::Whole);
            texts.json(&dropped).unwrap();
        }
        assert_eq!((texts.size().entries, texts.size().bytes), (3, 3 * one));
        // A fourth would pass the bound: the text nobody holds goes, the held ones stay.
        let fourth = ReadableText::new(Arc::new(Reading::new(BODY)), Part::Whole);
        texts.json(&fourth).unwrap();
        assert_eq!((texts.size().entries, texts.size().bytes), (3, 3 * one));
        let kept = texts.json(&held[0]).unwrap();
        assert!(kept.body.is_shared_with(&texts.json(&held[0]).unwrap().body), "a held text is still remembered");
        // Every text held: the next one empties it rather than pass the bound.
        let fifth = ReadableText::new(Arc::new(Reading::new(BODY)), Part::Whole);
        texts.json(&fifth).unwrap();
        assert_eq!((texts.size().entries, texts.size().bytes), (1, one));
    }

    #[test]
    fn a_text_is_written_once_and_an_edited_one_afresh() {
        let whole = ReadableText::new(Arc::new(Reading::new(BODY)), Part::Whole);
        let (once, again) = (text_json(&whole).unwrap(), text_json(&whole).unwrap());
        assert!(once.body.is_shared_with(&again.body), "the second answer shares the first one's JSON");
        let edited = ReadableText::new(Arc::new(Reading::new("<h3>One</h3><p>edited</p>")), Part::Whole);
        assert_eq!(written(&edited)["body"], "<h3>One</h3><p>edited</p>");
    }
}
