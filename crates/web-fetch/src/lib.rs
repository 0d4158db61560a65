//! Fetches a link for the summariser without reaching inside the network: the name is resolved
//! here, every address checked by `summariser::fetch_policy`, and reqwest is told to connect to
//! exactly those addresses (`resolve_to_addrs`), so a second DNS answer cannot differ from the
//! checked one. Redirects are followed by hand (at most three), each target checked the same
//! way. No proxy from the environment; 15 s for the whole fetch; 10 MB at most.

use std::io::Read;
use std::net::{SocketAddr, ToSocketAddrs};
use std::time::Instant;
use summariser::fetch_policy::{check_link, check_redirect, check_resolved, AllowList, Refusal};
use summariser::limits::{FETCH_TIMEOUT, MAX_FETCH_BYTES};
use summariser::ports::{Fetched, Fetcher};
use url::{Host, Url};

pub struct SafeFetcher {
    allow: AllowList,
}

impl SafeFetcher {
    /// `allow`: addresses fetched although not public (tests' loopback servers); empty in production.
    pub fn new(allow: AllowList) -> SafeFetcher {
        SafeFetcher { allow }
    }

    /// The addresses to connect to for `url`, all checked.
    fn addresses(&self, url: &Url) -> Result<Vec<SocketAddr>, Refusal> {
        let port = url.port_or_known_default().ok_or(Refusal::NotHttp)?;
        let found: Vec<SocketAddr> = match url.host() {
            Some(Host::Domain(name)) => {
                let name = name.to_owned();
                resolve_within(DNS_TIMEOUT, move || (name.as_str(), port).to_socket_addrs().map(Iterator::collect))?
            }
            Some(Host::Ipv4(ip)) => vec![SocketAddr::new(ip.into(), port)],
            Some(Host::Ipv6(ip)) => vec![SocketAddr::new(ip.into(), port)],
            None => return Err(Refusal::NotHttp),
        };
        check_resolved(&found.iter().map(SocketAddr::ip).collect::<Vec<_>>(), &self.allow)?;
        Ok(found)
    }
}

/// How long a name may take to resolve: the system resolver has no deadline of its own, and a
/// name server that never answers would hold the summariser's worker.
const DNS_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(5);

/// Runs `lookup` on its own thread and waits at most `timeout` for it (a lookup that hangs is
/// left to end on its own); no answer in time, or none at all, is "not found".
fn resolve_within<F>(timeout: std::time::Duration, lookup: F) -> Result<Vec<SocketAddr>, Refusal>
where
    F: FnOnce() -> std::io::Result<Vec<SocketAddr>> + Send + 'static,
{
    let (sender, answer) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = sender.send(lookup());
    });
    match answer.recv_timeout(timeout) {
        Ok(Ok(found)) => Ok(found),
        _ => Err(Refusal::HostNotFound),
    }
}

impl Fetcher for SafeFetcher {
    fn fetch(&self, link: &str) -> Result<Fetched, Refusal> {
        let started = Instant::now();
        let mut url = check_link(link, &self.allow)?;
        let mut hops = 0;
        loop {
            let addresses = self.addresses(&url)?;
            let remaining = FETCH_TIMEOUT.checked_sub(started.elapsed()).filter(|d| !d.is_zero()).ok_or(Refusal::TimedOut)?;
            let mut builder = reqwest::blocking::Client::builder()
                .redirect(reqwest::redirect::Policy::none())
                .no_proxy()
                .timeout(remaining)
                .user_agent("GistbookSummariser/1.0");
            if let Some(Host::Domain(name)) = url.host() {
                builder = builder.resolve_to_addrs(name, &addresses);
            }
            let client = builder.build().map_err(|_| Refusal::Unreachable)?;
            let response = client
                .get(url.as_str())
                .header(reqwest::header::ACCEPT, "text/html, application/xhtml+xml, application/pdf, application/epub+zip, text/plain;q=0.9, */*;q=0.5")
                .send()
                .map_err(|e| if e.is_timeout() { Refusal::TimedOut } else { Refusal::Unreachable })?;
            let status = response.status();
            if status.is_redirection() {
                let location = response.headers().get(reqwest::header::LOCATION).and_then(|l| l.to_str().ok()).ok_or(Refusal::Status(status.as_u16()))?;
                url = check_redirect(&url, location, hops, &self.allow)?;
                hops += 1;
                continue;
            }
            if !status.is_success() {
                return Err(Refusal::Status(status.as_u16()));
            }
            if response.content_length().is_some_and(|length| length > MAX_FETCH_BYTES as u64) {
                return Err(Refusal::TooLarge);
            }
            let mut bytes = Vec::new();
            response.take(MAX_FETCH_BYTES as u64 + 1).read_to_end(&mut bytes).map_err(|_| {
                if started.elapsed() >= FETCH_TIMEOUT {
                    Refusal::TimedOut
                } else {
                    Refusal::Unreachable
                }
            })?;
            if bytes.len() > MAX_FETCH_BYTES {
                return Err(Refusal::TooLarge);
            }
            return Ok(Fetched { bytes, final_url: url.to_string() });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_that_never_resolves_is_not_found_after_the_timeout() {
        let (_keep_open, never) = std::sync::mpsc::channel::<()>();
        // The lookup blocks until its channel closes, which is after the answer.
        let hung = move || {
            let _ = never.recv();
            Ok(Vec::new())
        };
        assert_eq!(resolve_within(std::time::Duration::from_millis(50), hung), Err(Refusal::HostNotFound));
        let found = resolve_within(DNS_TIMEOUT, || Ok(vec![SocketAddr::from(([93, 184, 216, 34], 443))])).unwrap();
        assert_eq!(found.len(), 1);
    }
}
