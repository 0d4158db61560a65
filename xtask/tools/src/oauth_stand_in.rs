//! A stand-in OAuth provider on loopback for the browser tests: `/authorize` sends the browser
//! straight back with a code, `/token` checks the client secret and the PKCE verifier, and
//! `/userinfo` answers one fixed person ("Google"). It also plays Facebook: `/me` answers as the
//! Graph API does, with no verified flag, and each authorization is a new person
//! (`faye.facebook.{run}.{n}@example.com`), so every browser test meets a first sign-in. Only what the
//! end-to-end tests need; not for production.

use base64::Engine;
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::{Arc, Mutex};

pub const CLIENT_ID: &str = "e2e-client";
pub const CLIENT_SECRET: &str = "e2e-secret";
const ACCESS_TOKEN: &str = "e2e-access-token";
const PROFILE: &str = r#"{"sub":"stand-in-1","email":"gloria.google@example.com","email_verified":true,"given_name":"Gloria","family_name":"Google"}"#;

pub struct StandInProvider {
    pub base_url: String,
}

/// code -> (challenge, redirect_uri, the authorization's number)
type Codes = Arc<Mutex<HashMap<String, (String, String, usize)>>>;

impl StandInProvider {
    /// Serves on a free loopback port from a background thread for the rest of the process.
    pub fn start() -> std::io::Result<StandInProvider> {
        let listener = TcpListener::bind("127.0.0.1:0")?;
        let base_url = format!("http://127.0.0.1:{}", listener.local_addr()?.port());
        let codes: Codes = Arc::default();
        // Facebook's people are new on every run too, also on a database an earlier run used.
        let run = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |t| t.as_millis() % 1_000_000_000);
        std::thread::spawn(move || {
            for (n, stream) in listener.incoming().enumerate() {
                if let Ok(stream) = stream {
                    let _ = handle(stream, &codes, n, run);
                }
            }
        });
        Ok(StandInProvider { base_url })
    }

    /// The server's settings for "Google", pointing here.
    pub fn env(&self) -> Vec<(String, String)> {
        vec![
            ("OAUTH_GOOGLE_CLIENT_ID".into(), CLIENT_ID.into()),
            ("OAUTH_GOOGLE_CLIENT_SECRET".into(), CLIENT_SECRET.into()),
            ("OAUTH_GOOGLE_AUTHORIZE_URL".into(), format!("{}/authorize", self.base_url)),
            ("OAUTH_GOOGLE_TOKEN_URL".into(), format!("{}/token", self.base_url)),
            ("OAUTH_GOOGLE_USERINFO_URL".into(), format!("{}/userinfo", self.base_url)),
            ("OAUTH_FACEBOOK_CLIENT_ID".into(), CLIENT_ID.into()),
            ("OAUTH_FACEBOOK_CLIENT_SECRET".into(), CLIENT_SECRET.into()),
            ("OAUTH_FACEBOOK_AUTHORIZE_URL".into(), format!("{}/authorize", self.base_url)),
            ("OAUTH_FACEBOOK_TOKEN_URL".into(), format!("{}/token", self.base_url)),
            ("OAUTH_FACEBOOK_USERINFO_URL".into(), format!("{}/me?fields=id,email,first_name,last_name", self.base_url)),
        ]
    }
}

fn parse_query(text: &str) -> HashMap<String, String> {
    text.split('&').filter_map(|pair| pair.split_once('=')).map(|(k, v)| (decode(k), decode(v))).collect()
}

fn decode(text: &str) -> String {
    let bytes = text.replace('+', " ").into_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            if let Ok(byte) = u8::from_str_radix(std::str::from_utf8(&bytes[i + 1..i + 3]).unwrap_or("zz"), 16) {
                out.push(byte);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn respond(stream: &mut TcpStream, status: &str, headers: &[(&str, String)], body: &str) -> std::io::Result<()> {
    let mut head = format!("HTTP/1.1 {status}\r\nContent-Length: {}\r\nConnection: close\r\n", body.len());
    for (name, value) in headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    stream.write_all(format!("{head}\r\n{body}").as_bytes())
}

fn handle(mut stream: TcpStream, codes: &Codes, n: usize, run: u128) -> std::io::Result<()> {
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut request_line = String::new();
    reader.read_line(&mut request_line)?;
    let mut length = 0usize;
    let mut authorization = String::new();
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line)? == 0 || line == "\r\n" {
            break;
        }
        let lower = line.to_ascii_lowercase();
        if let Some(value) = lower.strip_prefix("content-length:") {
            length = value.trim().parse().unwrap_or(0);
        }
        if lower.starts_with("authorization:") {
            authorization = line["authorization:".len()..].trim().to_owned();
        }
    }
    let mut body = vec![0; length];
    reader.read_exact(&mut body)?;
    let mut parts = request_line.split_whitespace();
    let (method, target) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""));
    let (path, query) = target.split_once('?').unwrap_or((target, ""));
    let json = [("Content-Type", "application/json".to_owned())];
    match (method, path) {
        ("GET", "/authorize") => {
            let q = parse_query(query);
            if q.get("client_id").map(String::as_str) != Some(CLIENT_ID) || q.get("code_challenge_method").map(String::as_str) != Some("S256") {
                return respond(&mut stream, "400 Bad Request", &[], "bad authorization request");
            }
            let code = format!("code-{n}");
            let redirect = q.get("redirect_uri").cloned().unwrap_or_default();
            codes.lock().expect("codes").insert(code.clone(), (q.get("code_challenge").cloned().unwrap_or_default(), redirect.clone(), n));
            let separator = if redirect.contains('?') { '&' } else { '?' };
            let state = kernel::url::encode_component(q.get("state").map(String::as_str).unwrap_or(""));
            respond(&mut stream, "302 Found", &[("Location", format!("{redirect}{separator}code={code}&state={state}"))], "")
        }
        ("POST", "/token") => {
            let f = parse_query(&String::from_utf8_lossy(&body));
            let known = f.get("code").and_then(|code| codes.lock().expect("codes").remove(code));
            let verifier = f.get("code_verifier").cloned().unwrap_or_default();
            let challenge = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes()));
            match known {
                Some((expected, redirect, person))
                    if expected == challenge
                        && f.get("client_secret").map(String::as_str) == Some(CLIENT_SECRET)
                        && f.get("redirect_uri") == Some(&redirect) =>
                {
                    respond(&mut stream, "200 OK", &json, &format!(r#"{{"access_token":"{ACCESS_TOKEN}-{person}","token_type":"Bearer"}}"#))
                }
                _ => respond(&mut stream, "400 Bad Request", &json, r#"{"error":"invalid_grant"}"#),
            }
        }
        ("GET", "/userinfo") if authorization.starts_with(&format!("Bearer {ACCESS_TOKEN}-")) => respond(&mut stream, "200 OK", &json, PROFILE),
        ("GET", "/me") => match authorization.strip_prefix(&format!("Bearer {ACCESS_TOKEN}-")) {
            Some(person) => {
                let profile =
                    format!(r#"{{"id":"fb-{run}-{person}","email":"faye.facebook.{run}.{person}@example.com","first_name":"Faye","last_name":"Facebook"}}"#);
                respond(&mut stream, "200 OK", &json, &profile)
            }
            None => respond(&mut stream, "400 Bad Request", &json, r#"{"error":{"message":"Invalid OAuth access token.","type":"OAuthException","code":190}}"#),
        },
        _ => respond(&mut stream, "404 Not Found", &[], "not found"),
    }
}
