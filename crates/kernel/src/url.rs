/// Percent-encodes everything but RFC 3986's unreserved characters, for a path segment or a
/// query value.
pub fn encode_component(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => out.push(byte as char),
            _ => out.push_str(&format!("%{byte:02X}")),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn keeps_unreserved_characters_and_encodes_the_rest() {
        assert_eq!(super::encode_component("ada+1@example.com"), "ada%2B1%40example.com");
        assert_eq!(super::encode_component("a b/c&d=é"), "a%20b%2Fc%26d%3D%C3%A9");
        assert_eq!(super::encode_component("Az09-_.~"), "Az09-_.~");
    }
}
