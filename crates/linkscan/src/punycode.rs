//! Punycode decoding (RFC 3492): `XN--` TLDs as U-labels, for the
//! generated table (xtask includes this file) and for callers' TLD lists.

use alloc::string::String;
use alloc::vec::Vec;

const BASE: u32 = 36;
const T_MIN: u32 = 1;
const T_MAX: u32 = 26;
const SKEW: u32 = 38;
const DAMP: u32 = 700;

fn adapt(mut delta: u32, points: u32, first: bool) -> u32 {
    delta /= if first { DAMP } else { 2 };
    delta += delta / points;
    let mut k = 0;
    while delta > ((BASE - T_MIN) * T_MAX) / 2 {
        delta /= BASE - T_MIN;
        k += BASE;
    }
    k + (BASE - T_MIN + 1) * delta / (delta + SKEW)
}

fn digit(b: u8) -> Option<u32> {
    match b {
        b'a'..=b'z' => Some(u32::from(b - b'a')),
        b'A'..=b'Z' => Some(u32::from(b - b'A')),
        b'0'..=b'9' => Some(u32::from(b - b'0') + 26),
        _ => None,
    }
}

/// Decodes the part of an A-label after `xn--`; `None` if it is not valid
/// Punycode.
pub fn decode(input: &str) -> Option<String> {
    let (basic, extended) = match input.rfind('-') {
        Some(i) => (&input[..i], &input[i + 1..]),
        None => ("", input),
    };
    if !input.is_ascii() {
        return None;
    }
    let mut output: Vec<char> = basic.chars().collect();
    let (mut n, mut i, mut bias) = (128u32, 0u32, 72u32);
    let mut bytes = extended.bytes().peekable();
    while bytes.peek().is_some() {
        let old_i = i;
        let mut w = 1u32;
        let mut k = BASE;
        loop {
            let d = digit(bytes.next()?)?;
            i = i.checked_add(d.checked_mul(w)?)?;
            let t = k.saturating_sub(bias).clamp(T_MIN, T_MAX);
            if d < t {
                break;
            }
            w = w.checked_mul(BASE - t)?;
            k += BASE;
        }
        let len = output.len() as u32 + 1;
        bias = adapt(i - old_i, len, old_i == 0);
        n = n.checked_add(i / len)?;
        i %= len;
        output.insert(i as usize, char::from_u32(n)?);
        i += 1;
    }
    Some(output.into_iter().collect())
}

#[cfg(test)]
mod tests {
    use super::decode;

    #[test]
    fn decodes_rfc_and_tld_examples() {
        assert_eq!(decode("11b4c3d").unwrap(), "कॉम");
        assert_eq!(decode("j6w193g").unwrap(), "香港");
        assert_eq!(decode("vermgensberatung-pwb").unwrap(), "vermögensberatung");
        assert_eq!(decode("mgbah1a3hjkrd").unwrap(), "موريتانيا");
        assert_eq!(decode("p1ai").unwrap(), "рф");
        assert!(decode("99999999999").is_none());
        assert!(decode("ü").is_none());
    }
}
