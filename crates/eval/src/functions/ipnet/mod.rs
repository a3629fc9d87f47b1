//! IP network functions: OpenTofu's `internal/lang/funcs/cidr.go`
//! (`cidrcontains`, `cidrhost`, `cidrnetmask`, `cidrsubnet`,
//! `cidrsubnets`).

mod cidr;
mod net;

use tofu_types::{Number, Type, Value};

use super::{Function, FunctionError, ImplFn, Param, TypeFn};
use net::{IpNet, ip_string, parse_cidr, parse_ip, to4};

/// Most subnets `cidrsubnets` computes; beyond any real use, it keeps the
/// result bounded.
const MAX_SUBNETS: usize = crate::limits::MAX_COLLECTION_LENGTH;

const STRING: TypeFn = |_, _| Ok(Type::String);

pub(super) fn functions() -> Vec<Function> {
    vec![
        function(
            "cidrcontains",
            vec![
                Param::new("containing_prefix", Type::String),
                Param::new("contained_ip_or_prefix", Type::String),
            ],
            None,
            |_, _| Ok(Type::Bool),
            |_, args, _| cidr_contains(string(&args[0]), string(&args[1])),
        ),
        function(
            "cidrhost",
            vec![
                Param::new("prefix", Type::String),
                Param::new("hostnum", Type::Number),
            ],
            None,
            STRING,
            |_, args, _| {
                let host_num = cidr::big_int(&number(&args[1])).map_err(FunctionError::call)?;
                let network = parse_network(string(&args[0])).map_err(FunctionError::call)?;
                let ip = cidr::host(&network, &host_num).map_err(FunctionError::call)?;
                Ok(Value::string(ip_string(&ip)))
            },
        ),
        function(
            "cidrnetmask",
            vec![Param::new("prefix", Type::String)],
            None,
            STRING,
            |_, args, _| {
                let prefix = string(&args[0]);
                let network = parse_network(prefix).map_err(FunctionError::call)?;
                if to4(&network.ip).is_none() {
                    return Err(FunctionError::call(format!(
                        "IPv6 addresses cannot have a netmask: {prefix}"
                    )));
                }
                Ok(Value::string(ip_string(&network.mask)))
            },
        ),
        function(
            "cidrsubnet",
            vec![
                Param::new("prefix", Type::String),
                Param::new("newbits", Type::Number),
                Param::new("netnum", Type::Number),
            ],
            None,
            STRING,
            |_, args, _| {
                let new_bits = int(&args[1]).map_err(FunctionError::call)?;
                let net_num = cidr::big_int(&number(&args[2])).map_err(FunctionError::call)?;
                let network = parse_network(string(&args[0])).map_err(FunctionError::call)?;
                let subnet =
                    cidr::subnet(&network, new_bits, &net_num).map_err(FunctionError::call)?;
                Ok(Value::string(subnet.to_string()))
            },
        ),
        function(
            "cidrsubnets",
            vec![Param::new("prefix", Type::String)],
            Some(Param::new("newbits", Type::Number)),
            |_, _| Ok(Type::list(Type::String)),
            |_, args, _| cidr_subnets(string(&args[0]), &args[1..]),
        ),
    ]
}

fn function(
    name: &'static str,
    params: Vec<Param>,
    var_param: Option<Param>,
    return_type: TypeFn,
    implementation: ImplFn,
) -> Function {
    Function {
        name,
        params,
        var_param,
        return_type,
        implementation,
    }
}

fn string(value: &Value) -> &str {
    value.as_str().unwrap_or_default()
}

fn number(value: &Value) -> Number {
    value.as_number().cloned().unwrap_or_else(Number::zero)
}

/// The number as `gocty` decodes it into a Go `int`.
fn int(value: &Value) -> Result<i64, String> {
    number(value).to_i64().map_err(|e| e.to_string())
}

fn parse_network(prefix: &str) -> Result<IpNet, String> {
    parse_cidr(prefix).map_err(|e| format!("invalid CIDR expression: {e}"))
}

fn cidr_contains(prefix: &str, addr: &str) -> Result<Value, FunctionError> {
    let containing = parse_cidr(prefix).map_err(FunctionError::call)?;
    let (start, end) = match parse_ip(addr) {
        Some(ip) => (ip, None),
        None => {
            let contained = parse_cidr(addr).map_err(|_| {
                FunctionError::call(format!("invalid IP address or prefix: {addr}"))
            })?;
            let (start, end) = cidr::address_range(&contained).map_err(FunctionError::call)?;
            (start, Some(end))
        }
    };
    // Mixed families are an error rather than a plain `false`.
    if to4(&start).is_none() != to4(&containing.ip).is_none() {
        return Err(FunctionError::call(format!(
            "address family mismatch: {prefix} vs. {addr}"
        )));
    }
    let contained = containing.contains(&start) && end.is_none_or(|end| containing.contains(&end));
    Ok(Value::bool(contained))
}

fn cidr_subnets(prefix: &str, new_bits: &[Value]) -> Result<Value, FunctionError> {
    let network = parse_network(prefix).map_err(|e| FunctionError::arg(0, e))?;
    let (start_prefix_len, _) = net::mask_size(&network.mask);
    let Some(first) = new_bits.first() else {
        return Ok(Value::list_empty(Type::String));
    };
    if new_bits.len() > MAX_SUBNETS {
        return Err(FunctionError::call(format!(
            "cannot compute more than {MAX_SUBNETS} subnets at once"
        )));
    }
    let first_length = int(first)
        .map_err(|e| FunctionError::arg(1, e))?
        .wrapping_add(start_prefix_len);
    let address_bits = 8 * network.ip.len() as i64;
    let mut current = cidr::previous_subnet(&network, first_length);
    let mut subnets = Vec::with_capacity(new_bits.len());
    for (i, value) in new_bits.iter().enumerate() {
        let index = i + 1;
        let length = int(value).map_err(|e| FunctionError::arg(index, e))?;
        if length < 1 {
            return Err(FunctionError::arg(
                index,
                "must extend prefix by at least one bit",
            ));
        }
        let length = length.wrapping_add(start_prefix_len);
        if length > address_bits {
            let protocol = match address_bits {
                32 => "IPv4",
                128 => "IPv6",
                _ => "IP",
            };
            return Err(FunctionError::arg(
                index,
                format!(
                    "would extend prefix to {length} bits, which is too long for an {protocol} address"
                ),
            ));
        }
        let (next, rollover) = cidr::next_subnet(&current, length).map_err(FunctionError::call)?;
        if rollover || !network.contains(&next.ip) {
            // Past the end of the base prefix go-cidr would carry into
            // the prefix bits.
            return Err(FunctionError::arg(
                index,
                format!(
                    "not enough remaining address space for a subnet with a prefix of {length} bits after {current}"
                ),
            ));
        }
        current = next;
        subnets.push(Value::string(current.to_string()));
    }
    Ok(Value::list(subnets))
}

#[cfg(test)]
mod tests {
    use tofu_types::{Value, render};

    use super::super::testing::rendered as eval;

    fn n(v: i64) -> Value {
        Value::int(v)
    }

    fn s(text: &str) -> Value {
        Value::string(text)
    }

    #[test]
    fn hosts() {
        assert_eq!(
            eval("cidrhost", &[s("192.168.1.0/24"), n(5)]),
            "\"192.168.1.5\""
        );
        assert_eq!(
            eval("cidrhost", &[s("192.168.1.0/24"), n(-5)]),
            "\"192.168.1.251\""
        );
        assert_eq!(
            eval("cidrhost", &[s("192.168.1.0/24"), n(-256)]),
            "\"192.168.1.0\""
        );
        assert_eq!(
            eval("cidrhost", &[s("010.001.0.0/24"), n(6)]),
            "\"10.1.0.6\""
        );
        assert_eq!(
            eval("cidrhost", &[s("192.168.1.0/30"), n(255)]),
            "error: prefix of 30 does not accommodate a host numbered 255"
        );
        assert_eq!(
            eval("cidrhost", &[s("not-a-cidr"), n(6)]),
            "error: invalid CIDR expression: invalid CIDR address: not-a-cidr"
        );
        assert_eq!(eval("cidrhost", &[s("fe80::/64"), n(300)]), "\"fe80::12c\"");
    }

    #[test]
    fn netmasks() {
        assert_eq!(
            eval("cidrnetmask", &[s("192.168.1.0/24")]),
            "\"255.255.255.0\""
        );
        assert_eq!(eval("cidrnetmask", &[s("0.0.0.0/0")]), "\"0.0.0.0\"");
        assert_eq!(
            eval("cidrnetmask", &[s("1::/64")]),
            "error: IPv6 addresses cannot have a netmask: 1::/64"
        );
    }

    #[test]
    fn subnets() {
        assert_eq!(
            eval("cidrsubnet", &[s("192.168.2.0/20"), n(4), n(6)]),
            "\"192.168.6.0/24\""
        );
        assert_eq!(
            eval("cidrsubnet", &[s("fe80::/48"), n(16), n(6)]),
            "\"fe80:0:0:6::/64\""
        );
        assert_eq!(
            eval("cidrsubnet", &[s("::ffff:192.168.0.0/112"), n(8), n(6)]),
            "\"192.168.6.0/24\""
        );
        assert_eq!(
            eval("cidrsubnet", &[s("fe80::/48"), n(33), n(6)]),
            "\"fe80::3:0:0:0/81\""
        );
        assert_eq!(
            eval("cidrsubnet", &[s("010.001.0.0/24"), n(4), n(1)]),
            "\"10.1.0.16/28\""
        );
        assert_eq!(
            eval("cidrsubnet", &[s("10.0.0.0/8"), n(8), n(-1)]),
            "\"0.1.0.0/16\""
        );
        let list = |items: &[&str]| render(&Value::list(items.iter().map(|i| s(i)).collect()));
        assert_eq!(
            eval("cidrsubnets", &[s("10.0.0.0/21"), n(3), n(3), n(4), n(7)]),
            list(&["10.0.0.0/24", "10.0.1.0/24", "10.0.2.0/25", "10.0.2.128/28"])
        );
        assert_eq!(
            eval(
                "cidrsubnets",
                &[s("2001:0db8:0102:0304::/64"), n(32), n(56), n(63), n(64)]
            ),
            list(&[
                "2001:db8:102:304::/96",
                "2001:db8:102:304:0:1::/120",
                "2001:db8:102:304:0:1:0:100/127",
                "2001:db8:102:304:0:1:0:102/128"
            ])
        );
        assert_eq!(
            eval("cidrsubnets", &[s("10.0.0.0/8"), n(1), n(1), n(1)]),
            "error: not enough remaining address space for a subnet with a prefix of 9 bits after 10.128.0.0/9"
        );
        assert_eq!(
            eval("cidrsubnets", &[s("10.0.0.0/30"), n(1), n(3)]),
            "error: would extend prefix to 33 bits, which is too long for an IPv4 address"
        );
    }

    #[test]
    fn huge_numbers_are_not_expanded() {
        let huge = Value::parse_number("1e400000").expect("number");
        let negative = Value::parse_number("-1e400000").expect("number");
        let panic =
            "error: panic in function implementation: runtime error: index out of range [-1]";
        assert_eq!(eval("cidrhost", &[s("fe80::/64"), huge.clone()]), panic);
        assert_eq!(eval("cidrsubnet", &[s("fe80::/64"), n(8), huge]), panic);
        assert!(
            eval("cidrhost", &[s("fe80::/64"), negative])
                .starts_with("error: prefix of 64 does not accommodate a host numbered -")
        );
        assert_eq!(
            eval(
                "cidrsubnet",
                &[s("10.0.0.0/8"), n(-1_000_000_000_000), n(1)]
            ),
            panic
        );
        assert_eq!(
            eval("cidrsubnet", &[s("10.0.0.0/8"), n(i64::MIN), n(0)]),
            "\"<nil>\""
        );
        assert_eq!(
            eval("cidrsubnets", &[s("10.0.0.0/8"), n(i64::MAX), n(i64::MAX)]),
            "error: not enough remaining address space for a subnet with a prefix of -9223372036854775801 bits after <nil>"
        );
    }

    #[test]
    fn contains() {
        assert_eq!(
            eval("cidrcontains", &[s("10.0.0.0/8"), s("10.1.2.3")]),
            "true"
        );
        assert_eq!(
            eval("cidrcontains", &[s("10.0.0.0/8"), s("11.1.2.3")]),
            "false"
        );
        assert_eq!(
            eval("cidrcontains", &[s("10.0.0.0/8"), s("10.1.0.0/16")]),
            "true"
        );
        assert_eq!(
            eval("cidrcontains", &[s("10.0.0.0/16"), s("10.0.0.0/8")]),
            "false"
        );
        assert_eq!(
            eval("cidrcontains", &[s("10.0.0.0/8"), s("fe80::1")]),
            "error: address family mismatch: 10.0.0.0/8 vs. fe80::1"
        );
        assert_eq!(
            eval("cidrcontains", &[s("10.0.0.0/8"), s("x")]),
            "error: invalid IP address or prefix: x"
        );
    }
}
