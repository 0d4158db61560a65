//! Which links the summariser fetches: http(s) only, and only to public addresses. Every address
//! a host resolves to is checked, after every redirect too, and the connection goes to the
//! address that was checked (the fetcher pins it), so a DNS answer that changes between the
//! check and the connection (rebinding) cannot reach an inner address.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
use url::{Host, Url};

/// Why a link was not fetched; each has a message for the member.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    NotHttp,
    /// A name or address class the summariser never fetches.
    Address(AddressClass),
    HostNotFound,
    TooManyRedirects,
    TooLarge,
    TimedOut,
    Unreachable,
    /// The site answered with this HTTP status.
    Status(u16),
}

impl Refusal {
    pub fn message(&self) -> String {
        match self {
            Refusal::NotHttp => "Please enter a valid link starting with http:// or https://.".into(),
            Refusal::Address(_) => "This link points to a private or local address, which we do not fetch.".into(),
            Refusal::HostNotFound => "We could not find this website. Please check the link.".into(),
            Refusal::TooManyRedirects => "This link redirects too many times.".into(),
            Refusal::TooLarge => "This page is larger than 10 MB.".into(),
            Refusal::TimedOut => "This website took longer than 15 seconds to answer.".into(),
            Refusal::Unreachable => "We could not reach this website. Please try again later.".into(),
            Refusal::Status(status) => format!("This website answered with an error ({status})."),
        }
    }
}

/// The kinds of address the policy tells apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AddressClass {
    Public,
    Loopback,
    /// RFC 1918, carrier-grade NAT, and other non-global IPv4 ranges.
    Private,
    /// 169.254.0.0/16 (cloud metadata lives at 169.254.169.254) and fe80::/10.
    LinkLocal,
    /// fc00::/7.
    UniqueLocal,
    /// IPv4 inside IPv6 (::ffff:0:0/96, ::/96, 64:ff9b::/96, 2002::/16): refused whatever the inner address.
    Mapped,
    Unspecified,
    Multicast,
    /// Documentation, benchmarking, broadcast and reserved ranges.
    Reserved,
}

pub fn classify(ip: IpAddr) -> AddressClass {
    match ip {
        IpAddr::V4(v4) => classify_v4(v4),
        IpAddr::V6(v6) => classify_v6(v6),
    }
}

fn classify_v4(ip: Ipv4Addr) -> AddressClass {
    let [a, b, c, _] = ip.octets();
    if ip.is_unspecified() || a == 0 {
        AddressClass::Unspecified
    } else if ip.is_loopback() {
        AddressClass::Loopback
    } else if ip.is_link_local() {
        AddressClass::LinkLocal
    } else if ip.is_private() || (a == 100 && (64..128).contains(&b)) || (a == 192 && b == 0 && c == 0) {
        AddressClass::Private
    } else if ip.is_multicast() {
        AddressClass::Multicast
    } else if ip.is_broadcast() || ip.is_documentation() || a >= 240 || (a == 198 && (b == 18 || b == 19)) {
        AddressClass::Reserved
    } else {
        AddressClass::Public
    }
}

fn classify_v6(ip: Ipv6Addr) -> AddressClass {
    let segments = ip.segments();
    if ip.is_unspecified() {
        AddressClass::Unspecified
    } else if ip.is_loopback() {
        AddressClass::Loopback
    } else if (segments[..5] == [0; 5] && (segments[5] == 0xffff || segments[5] == 0))
        || (segments[0] == 0x64 && segments[1] == 0xff9b)
        || segments[0] == 0x2002
    {
        AddressClass::Mapped
    } else if segments[0] & 0xffc0 == 0xfe80 {
        AddressClass::LinkLocal
    } else if segments[0] & 0xfe00 == 0xfc00 {
        AddressClass::UniqueLocal
    } else if ip.is_multicast() {
        AddressClass::Multicast
    } else if segments[0] == 0x2001 && segments[1] == 0x0db8 {
        AddressClass::Reserved
    } else {
        AddressClass::Public
    }
}

/// Addresses fetched although not public: empty by default; tests list their loopback server.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AllowList(Vec<(IpAddr, u8)>);

impl AllowList {
    /// Comma-separated addresses or CIDR ranges, e.g. `127.0.0.1, 10.1.0.0/16`.
    pub fn parse(text: &str) -> Result<AllowList, String> {
        let mut entries = Vec::new();
        for item in text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let (address, bits) = match item.split_once('/') {
                Some((address, bits)) => (address, Some(bits.parse::<u8>().map_err(|_| format!("bad prefix in {item}"))?)),
                None => (item, None),
            };
            let ip: IpAddr = address.parse().map_err(|_| format!("not an address: {item}"))?;
            let max = if ip.is_ipv4() { 32 } else { 128 };
            let bits = bits.unwrap_or(max);
            if bits > max {
                return Err(format!("bad prefix in {item}"));
            }
            entries.push((ip, bits));
        }
        Ok(AllowList(entries))
    }

    pub fn contains(&self, ip: IpAddr) -> bool {
        self.0.iter().any(|&(net, bits)| match (net, ip) {
            (IpAddr::V4(net), IpAddr::V4(ip)) => prefix_matches(u128::from(u32::from(net)) << 96, u128::from(u32::from(ip)) << 96, bits),
            (IpAddr::V6(net), IpAddr::V6(ip)) => prefix_matches(u128::from(net), u128::from(ip), bits),
            _ => false,
        })
    }
}

fn prefix_matches(net: u128, ip: u128, bits: u8) -> bool {
    bits == 0 || (net ^ ip) >> (128 - u32::from(bits)) == 0
}

/// Whether the fetcher may connect to `ip`.
pub fn check_address(ip: IpAddr, allow: &AllowList) -> Result<(), Refusal> {
    match classify(ip) {
        _ if allow.contains(ip) => Ok(()),
        AddressClass::Public => Ok(()),
        class => Err(Refusal::Address(class)),
    }
}

/// Every address a name resolved to must pass: one inner address among public ones is refused.
pub fn check_resolved(addresses: &[IpAddr], allow: &AllowList) -> Result<(), Refusal> {
    if addresses.is_empty() {
        return Err(Refusal::HostNotFound);
    }
    addresses.iter().try_for_each(|ip| check_address(*ip, allow))
}

/// A link as typed: http(s) with a host and no credentials. A literal address is checked here;
/// a name is checked once resolved.
pub fn check_link(text: &str, allow: &AllowList) -> Result<Url, Refusal> {
    let url = Url::parse(text.trim()).map_err(|_| Refusal::NotHttp)?;
    if !matches!(url.scheme(), "http" | "https") || !url.username().is_empty() || url.password().is_some() {
        return Err(Refusal::NotHttp);
    }
    match url.host() {
        None => return Err(Refusal::NotHttp),
        Some(Host::Ipv4(ip)) => check_address(IpAddr::V4(ip), allow)?,
        Some(Host::Ipv6(ip)) => check_address(IpAddr::V6(ip), allow)?,
        Some(Host::Domain(name)) if name.eq_ignore_ascii_case("localhost") || name.to_ascii_lowercase().ends_with(".localhost") => {
            if !allow.contains(IpAddr::V4(Ipv4Addr::LOCALHOST)) {
                return Err(Refusal::Address(AddressClass::Loopback));
            }
        }
        Some(Host::Domain(_)) => {}
    }
    Ok(url)
}

/// A redirect's target, relative to the page that sent it, checked like a typed link.
pub fn check_redirect(from: &Url, location: &str, hops: usize, allow: &AllowList) -> Result<Url, Refusal> {
    if hops >= crate::limits::MAX_REDIRECTS {
        return Err(Refusal::TooManyRedirects);
    }
    let next = from.join(location).map_err(|_| Refusal::NotHttp)?;
    check_link(next.as_str(), allow)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(text: &str) -> Refusal {
        check_link(text, &AllowList::default()).unwrap_err()
    }

    #[test]
    fn every_inner_address_class_is_refused() {
        let cases: [(&str, AddressClass); 16] = [
            ("127.0.0.1", AddressClass::Loopback),
            ("127.1.2.3", AddressClass::Loopback),
            ("10.0.0.1", AddressClass::Private),
            ("172.16.5.4", AddressClass::Private),
            ("192.168.1.1", AddressClass::Private),
            ("100.64.0.1", AddressClass::Private),
            ("169.254.169.254", AddressClass::LinkLocal),
            ("0.0.0.0", AddressClass::Unspecified),
            ("224.0.0.1", AddressClass::Multicast),
            ("255.255.255.255", AddressClass::Reserved),
            ("::1", AddressClass::Loopback),
            ("fe80::1", AddressClass::LinkLocal),
            ("fd00::1", AddressClass::UniqueLocal),
            ("::ffff:127.0.0.1", AddressClass::Mapped),
            ("::ffff:8.8.8.8", AddressClass::Mapped),
            ("64:ff9b::a00:1", AddressClass::Mapped),
        ];
        for (text, class) in cases {
            let ip: IpAddr = text.parse().unwrap();
            assert_eq!(classify(ip), class, "{text}");
            assert_eq!(check_address(ip, &AllowList::default()), Err(Refusal::Address(class)), "{text}");
        }
        for public in ["8.8.8.8", "93.184.216.34", "2606:4700::1111"] {
            assert_eq!(classify(public.parse().unwrap()), AddressClass::Public, "{public}");
        }
    }

    #[test]
    fn links_must_be_http_with_a_public_literal_host() {
        assert_eq!(refused("ftp://example.com/a"), Refusal::NotHttp);
        assert_eq!(refused("file:///etc/passwd"), Refusal::NotHttp);
        assert_eq!(refused("not a link"), Refusal::NotHttp);
        assert_eq!(refused("http://user:pw@example.com/"), Refusal::NotHttp);
        assert_eq!(refused("http://127.0.0.1:4000/api"), Refusal::Address(AddressClass::Loopback));
        assert_eq!(refused("http://[::1]/"), Refusal::Address(AddressClass::Loopback));
        assert_eq!(refused("http://169.254.169.254/latest/meta-data/"), Refusal::Address(AddressClass::LinkLocal));
        assert_eq!(refused("http://10.0.0.1/"), Refusal::Address(AddressClass::Private));
        // Decimal and short forms are normalised by the URL parser before the check.
        assert_eq!(refused("http://2130706433/"), Refusal::Address(AddressClass::Loopback));
        assert_eq!(refused("http://127.1/"), Refusal::Address(AddressClass::Loopback));
        assert_eq!(refused("http://localhost:8080/"), Refusal::Address(AddressClass::Loopback));
        assert_eq!(refused("http://[::ffff:169.254.169.254]/"), Refusal::Address(AddressClass::Mapped));
        assert!(check_link("https://example.com/article?id=1", &AllowList::default()).is_ok());
    }

    #[test]
    fn the_allow_list_opens_only_what_it_names() {
        let allow = AllowList::parse("127.0.0.1, 10.1.0.0/16").unwrap();
        assert!(check_link("http://127.0.0.1:9000/doc", &allow).is_ok());
        assert!(check_address("10.1.200.3".parse().unwrap(), &allow).is_ok());
        assert!(check_address("10.2.0.1".parse().unwrap(), &allow).is_err());
        assert!(check_address("127.0.0.2".parse().unwrap(), &allow).is_err());
        assert!(AllowList::parse("nonsense").is_err());
        assert!(AllowList::parse("10.0.0.0/33").is_err());
        assert_eq!(AllowList::parse("").unwrap(), AllowList::default());
    }

    #[test]
    fn every_resolved_address_and_every_redirect_is_checked() {
        let none = AllowList::default();
        let public: IpAddr = "93.184.216.34".parse().unwrap();
        let inner: IpAddr = "10.0.0.1".parse().unwrap();
        assert!(check_resolved(&[public], &none).is_ok());
        assert_eq!(check_resolved(&[public, inner], &none), Err(Refusal::Address(AddressClass::Private)));
        assert_eq!(check_resolved(&[], &none), Err(Refusal::HostNotFound));
        let from = Url::parse("https://example.com/a/b").unwrap();
        assert_eq!(check_redirect(&from, "/c", 0, &none).unwrap().as_str(), "https://example.com/c");
        assert_eq!(check_redirect(&from, "http://169.254.169.254/", 1, &none), Err(Refusal::Address(AddressClass::LinkLocal)));
        assert_eq!(check_redirect(&from, "/c", 3, &none), Err(Refusal::TooManyRedirects));
        assert!(Refusal::Address(AddressClass::Private).message().contains("private or local"));
    }
}
