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

/// The length of the Punycode encoding (RFC 3492) of `label` — what follows
/// `xn--` in its A-label — or `None` when that would make the A-label longer
/// than a DNS label's 63 octets.
#[allow(dead_code)] // the xtask includes this file but does not call it
pub fn encoded_len(label: &str) -> Option<usize> {
    const MAX: usize = 63 - 4;
    // The code points, in place (no allocation): more than MAX cannot fit.
    let mut buf = [0u32; MAX];
    let mut count = 0;
    for c in label.chars() {
        *buf.get_mut(count)? = u32::from(c);
        count += 1;
    }
    let points = &buf[..count];
    let basic = points.iter().filter(|&&c| c < 0x80).count();
    let mut len = basic + usize::from(basic > 0);
    let (mut n, mut delta, mut bias, mut handled) = (0x80u32, 0u32, 72u32, basic as u32);
    while (handled as usize) < points.len() {
        let m = points.iter().copied().filter(|&c| c >= n).min()?;
        delta = delta.checked_add((m - n).checked_mul(handled + 1)?)?;
        n = m;
        for &c in points {
            if c < n {
                delta = delta.checked_add(1)?;
            } else if c == n {
                let mut q = delta;
                let mut k = BASE;
                loop {
                    let t = if k <= bias {
                        T_MIN
                    } else if k >= bias + T_MAX {
                        T_MAX
                    } else {
                        k - bias
                    };
                    if q < t {
                        break;
                    }
                    len += 1;
                    q = (q - t) / (BASE - t);
                    k += BASE;
                }
                len += 1;
                if len > MAX {
                    return None;
                }
                bias = adapt(delta, handled + 1, handled as usize == basic);
                delta = 0;
                handled += 1;
            }
        }
        delta += 1;
        n += 1;
    }
    Some(len)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encoded_lengths_match_known_a_labels() {
        for (label, puny) in
            [("bücher", "bcher-kva"), ("пример", "e1afmkfd"), ("例子", "fsqu00a"), ("中国", "fiqs8s")]
        {
            assert_eq!(encoded_len(label), Some(puny.len()), "{label}");
            assert_eq!(decode(puny).as_deref(), Some(label));
        }
        // Lengths as Python's punycode codec gives them.
        assert_eq!(encoded_len(&"ü".repeat(40)), Some(42));
        let distinct = |n: u32| (0..n).filter_map(|i| char::from_u32(0x4E00 + 37 * i)).collect::<String>();
        assert_eq!(encoded_len(&distinct(25)), Some(53));
        assert_eq!(encoded_len(&distinct(30)), None);
        assert_eq!(encoded_len(&"a".repeat(58)), Some(59));
        assert_eq!(encoded_len(&"a".repeat(60)), None);
    }
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
