// Go port of apparentlymart/go-cidr: its results for out-of-range numbers are part of the output.
//! The address arithmetic of `github.com/apparentlymart/go-cidr` v1.1,
//! including its quirks with numbers outside the expected ranges (the
//! low 64 bits of big numbers pass its range checks; negative numbers are
//! combined in two's complement), which OpenTofu's functions inherit.
//!
//! Where go-cidr panics (a result too wide for the address), the error is
//! the text cty reports for the panic, without its stack trace.

use num_bigint::{BigInt, Sign};

use super::net::{Bytes, IpNet, apply_mask, cidr_mask, ip_equal, ipv4, mask_size, to4};

/// Shifts beyond this make any nonzero number too wide for an address;
/// the result is then known without computing it.
const MAX_USEFUL_SHIFT: u64 = 512;

fn index_panic() -> String {
    "panic in function implementation: runtime error: index out of range [-1]".to_owned()
}

/// `ipToInt`: the address as an integer and its width in bits.
fn ip_to_int(ip: &[u8]) -> Result<(u128, u32), String> {
    let bits = match ip.len() {
        4 => 32,
        16 => 128,
        n => {
            return Err(format!(
                "panic in function implementation: Unsupported address length {n}"
            ));
        }
    };
    let value = ip.iter().fold(0u128, |acc, &b| (acc << 8) | u128::from(b));
    Ok((value, bits))
}

/// `intToIP`: the magnitude's bytes right-aligned in an address of
/// `bits`; go-cidr indexes out of range when they do not fit.
fn int_to_ip(value: &BigInt, bits: u32) -> Result<Bytes, String> {
    let (_, magnitude) = value.to_bytes_be();
    let len = (bits / 8) as usize;
    if value.sign() == Sign::NoSign {
        return Ok(vec![0; len]);
    }
    if magnitude.len() > len {
        return Err(index_panic());
    }
    let mut ip = vec![0; len - magnitude.len()];
    ip.extend_from_slice(&magnitude);
    Ok(ip)
}

/// `insertNumIntoIP`: ORs `num << (width - prefix_len)` into the address.
fn insert_num_into_ip(ip: &[u8], num: &BigInt, prefix_len: i64) -> Result<Bytes, String> {
    let (ip_int, bits) = ip_to_int(ip)?;
    // Go converts the difference to `uint`, so a negative one wraps.
    let shift = (i64::from(bits)).wrapping_sub(prefix_len) as u64;
    if num.sign() == Sign::NoSign {
        return int_to_ip(&BigInt::from(ip_int), bits);
    }
    if shift > MAX_USEFUL_SHIFT {
        return Err(index_panic());
    }
    let combined = BigInt::from(ip_int) | (num << shift);
    int_to_ip(&combined, bits)
}

/// Go's `big.Int.Uint64`: the low 64 bits of the magnitude.
fn low64(num: &BigInt) -> u64 {
    num.magnitude().iter_u64_digits().next().unwrap_or(0)
}

/// `cidr.HostBig`.
pub(super) fn host(base: &IpNet, num: &BigInt) -> Result<Bytes, String> {
    let (parent_len, addr_len) = mask_size(&base.mask);
    let host_len = (addr_len - parent_len) as u64;
    let max_host_num = (BigInt::from(1u8) << host_len) - 1;
    let mut num = num.clone();
    // Go reinterprets the low 64 bits as an int64.
    let mut num_uint64 = BigInt::from(low64(&num) as i64);
    if num.sign() == Sign::Minus {
        num_uint64 = -&num - 1;
        num = &max_host_num - &num_uint64;
    }
    if num_uint64 > max_host_num {
        return Err(format!(
            "prefix of {parent_len} does not accommodate a host numbered {num}"
        ));
    }
    let bit_length = if to4(&base.ip).is_some() { 32 } else { 128 };
    insert_num_into_ip(&base.ip, &num, bit_length)
}

/// `cidr.SubnetBig`.
pub(super) fn subnet(base: &IpNet, new_bits: i64, num: &BigInt) -> Result<IpNet, String> {
    let (parent_len, addr_len) = mask_size(&base.mask);
    let new_prefix_len = parent_len.wrapping_add(new_bits);
    if new_prefix_len > addr_len {
        return Err(format!(
            "insufficient address space to extend prefix of {parent_len} by {new_bits}"
        ));
    }
    // `uint64(1<<uint64(newBits)) - 1`: shifts of 64 or more give 0.
    let max_net_num = 1u64
        .checked_shl(u32::try_from(new_bits as u64).unwrap_or(u32::MAX))
        .unwrap_or(0)
        .wrapping_sub(1);
    if low64(num) > max_net_num {
        return Err(format!(
            "prefix extension of {new_bits} does not accommodate a subnet numbered {num}"
        ));
    }
    Ok(IpNet {
        ip: insert_num_into_ip(&base.ip, num, new_prefix_len)?,
        mask: cidr_mask(new_prefix_len, addr_len),
    })
}

/// `cidr.AddressRange`: the first and last addresses of the network.
pub(super) fn address_range(network: &IpNet) -> Result<(Bytes, Bytes), String> {
    let first = network.ip.clone();
    let (prefix_len, bits) = mask_size(&network.mask);
    if prefix_len == bits {
        return Ok((first.clone(), first));
    }
    let (first_int, bits) = ip_to_int(&first)?;
    let host_len = u32::try_from(i64::from(bits) - prefix_len).map_err(|_| index_panic())?;
    let host_mask = 1u128.checked_shl(host_len).map_or(u128::MAX, |bit| bit - 1);
    let last = BigInt::from(first_int | host_mask);
    Ok((first, int_to_ip(&last, bits)?))
}

/// go-cidr's `checkIPv4`: IPv4 addresses as 4 bytes.
fn check_ipv4(ip: &[u8]) -> Bytes {
    to4(ip).unwrap_or(ip).to_vec()
}

/// `cidr.Inc`: the next address, wrapping to zero.
fn inc(ip: &[u8]) -> Bytes {
    let mut ip = check_ipv4(ip);
    for byte in ip.iter_mut().rev() {
        *byte = byte.wrapping_add(1);
        if *byte > 0 {
            break;
        }
    }
    ip
}

/// `cidr.Dec`: the previous address, wrapping to all ones.
fn dec(ip: &[u8]) -> Bytes {
    let mut ip = check_ipv4(ip);
    for byte in ip.iter_mut().rev() {
        *byte = byte.wrapping_sub(1);
        if *byte < 255 {
            break;
        }
    }
    ip
}

fn is_zero_address(ip: &[u8]) -> bool {
    ip_equal(ip, &ipv4([0; 4])) || ip_equal(ip, &[0; 16])
}

/// `cidr.PreviousSubnet`, without its rollover flag (unused by OpenTofu).
pub(super) fn previous_subnet(network: &IpNet, prefix_len: i64) -> IpNet {
    let start = check_ipv4(&network.ip);
    let mask = cidr_mask(prefix_len, 8 * start.len() as i64);
    IpNet {
        ip: apply_mask(&dec(&start), &mask),
        mask,
    }
}

/// `cidr.NextSubnet`: the next network of `prefix_len` after the given
/// one, and whether the address space rolled over.
pub(super) fn next_subnet(network: &IpNet, prefix_len: i64) -> Result<(IpNet, bool), String> {
    let (_, current_last) = address_range(network)?;
    let mask = cidr_mask(prefix_len, 8 * current_last.len() as i64);
    let current = IpNet {
        ip: apply_mask(&current_last, &mask),
        mask: mask.clone(),
    };
    let (_, last) = address_range(&current)?;
    let last = inc(&last);
    let rollover = is_zero_address(&last);
    Ok((
        IpNet {
            ip: apply_mask(&last, &mask),
            mask,
        },
        rollover,
    ))
}

/// The number as `gocty` decodes it into a `*big.Int`. Magnitudes beyond
/// `2^MAX_BITS` are not expanded; they stand in as `±2^1024`, which
/// go-cidr treats alike (their low 64 bits are zero, as those of any
/// number that large are, and they overflow any address). Only the digits
/// of a negative host number in an error message differ.
pub(super) fn big_int(value: &tofu_types::Number) -> Result<BigInt, String> {
    const MAX_BITS: u64 = 1 << 20;
    if !value.is_integer() {
        return Err("value must be a whole number".to_owned());
    }
    Ok(value.to_big_int(MAX_BITS).unwrap_or_else(|| {
        let huge = BigInt::from(1u8) << 1024u32;
        if value.is_sign_negative() {
            -huge
        } else {
            huge
        }
    }))
}
