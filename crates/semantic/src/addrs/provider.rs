//! Provider addresses (`addrs.Provider`): the names of their parts
//! (`ParseProviderPart`) and source addresses
//! (`ParseProviderSourceString`), with OpenTofu's error details.

use tofu_diagnostics::Code;

/// A provider's address: `hostname/namespace/type`, each part
/// normalized; the namespace is `?` when the source gave none and `-`
/// for a legacy provider.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Provider {
    pub hostname: String,
    pub namespace: String,
    pub ty: String,
}

impl std::fmt::Display for Provider {
    /// `Provider.String`: the full address.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}/{}", self.hostname, self.namespace, self.ty)
    }
}

/// `tfdiags.DefaultProviderRegistryHost`.
const DEFAULT_REGISTRY_HOST: &str = "registry.opentofu.org";

impl Provider {
    /// `addrs.NewDefaultProvider`: `hashicorp/TYPE` on the default
    /// registry.
    pub fn default_for(ty: &str) -> Provider {
        Provider {
            hostname: DEFAULT_REGISTRY_HOST.to_owned(),
            namespace: "hashicorp".to_owned(),
            ty: ty.to_owned(),
        }
    }

    /// `addrs.ImpliedProviderForUnqualifiedType`: the built-in provider
    /// for `terraform`, the default provider of the type otherwise.
    pub fn implied(ty: &str) -> Provider {
        if ty == "terraform" {
            return Provider {
                hostname: "terraform.io".to_owned(),
                namespace: "builtin".to_owned(),
                ty: "terraform".to_owned(),
            };
        }
        Provider::default_for(ty)
    }

    /// A `required_providers` source as the module resolves it: one that
    /// names no namespace is the default provider of its type.
    pub fn of_required_source(source: &str) -> Option<Provider> {
        let parsed = parse_provider_source(source).ok()?;
        Some(if parsed.namespace == "?" {
            Provider::default_for(&parsed.ty)
        } else {
            parsed
        })
    }

    /// `Provider.IsDefault`.
    pub fn is_default(&self) -> bool {
        self.hostname == DEFAULT_REGISTRY_HOST && self.namespace == "hashicorp"
    }

    /// `Provider.ForDisplay`: the full address without the default
    /// registry's hostname.
    pub fn for_display(&self) -> String {
        if self.hostname == DEFAULT_REGISTRY_HOST {
            format!("{}/{}", self.namespace, self.ty)
        } else {
            self.to_string()
        }
    }
}

const PART_CHARACTERS: &str = "must contain only letters, digits, dashes, and underscores, and may not use leading or trailing dashes or underscores";

/// `ParseProviderPart`: a provider namespace or type, normalized as a DNS
/// label (lowercase), or why it is invalid.
pub(crate) fn parse_provider_part(given: &str) -> Result<String, String> {
    if given.is_empty() {
        return Err("must have at least one character".to_owned());
    }
    if given.contains('.') {
        return Err("dots are not allowed".to_owned());
    }
    if given.contains("--") {
        return Err("cannot use multiple consecutive dashes".to_owned());
    }
    if given.contains("__") {
        return Err("cannot use multiple consecutive underscores".to_owned());
    }
    if given.starts_with('_') || given.ends_with('_') {
        return Err("underscores may not be used as a prefix or suffix".to_owned());
    }
    if given.starts_with('-') || given.ends_with('-') {
        return Err(PART_CHARACTERS.to_owned());
    }
    let mut out = String::with_capacity(given.len());
    for c in given.chars() {
        if c.is_ascii() {
            let c = c.to_ascii_lowercase();
            if !(c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_') {
                return Err(PART_CHARACTERS.to_owned());
            }
            out.push(c);
        } else if c.is_alphanumeric() {
            out.extend(c.to_lowercase());
        } else {
            return Err(PART_CHARACTERS.to_owned());
        }
    }
    Ok(out)
}

/// The older `ParseProviderPart` rules the provider reference checks
/// follow: letters, digits and dashes, lower-cased.
pub(crate) fn parse_reference_name_part(given: &str) -> Result<String, &'static str> {
    if given.is_empty() {
        return Err("must have at least one character");
    }
    if given.contains('.') {
        return Err("dots are not allowed");
    }
    if given.contains("--") {
        return Err("cannot use multiple consecutive dashes");
    }
    let valid = given.chars().all(|c| c.is_alphanumeric() || c == '-')
        && !given.starts_with('-')
        && !given.ends_with('-');
    if !valid {
        return Err(
            "must contain only letters, digits, and dashes, and may not use leading or trailing dashes",
        );
    }
    Ok(given.to_lowercase())
}

/// `ParseProviderSourceString`: the provider address, or the summary and
/// detail of why the source address is invalid.
pub fn parse_provider_source(source: &str) -> Result<Provider, (Code, String)> {
    const FORMAT: &str =
        "The \"source\" attribute must be in the format \"[hostname/][namespace/]name\"";
    let mut parts: Vec<String> = source.split('/').map(str::to_owned).collect();
    if parts.len() > 3 || parts.iter().any(String::is_empty) {
        return Err((Code::InvalidProviderSourceString, FORMAT.to_owned()));
    }
    let given_name = parts[parts.len() - 1].clone();
    match parse_provider_part(&given_name) {
        Ok(name) => *parts.last_mut().expect("one part") = name,
        Err(err) => {
            return Err((
                Code::InvalidProviderType,
                format!("Invalid provider type {given_name:?} in source {source:?}: {err}\""),
            ));
        }
    }
    let ty = parts[parts.len() - 1].clone();
    let mut namespace = None;
    if parts.len() >= 2 {
        let given = &parts[parts.len() - 2];
        if given == "-" {
            namespace = Some("-".to_owned());
        } else {
            match parse_provider_part(given) {
                Ok(ns) => namespace = Some(ns),
                Err(err) => {
                    return Err((
                        Code::InvalidProviderNamespace,
                        format!("Invalid provider namespace \"\" in source {source:?}: {err}\""),
                    ));
                }
            }
        }
    }
    let mut hostname = None;
    if parts.len() == 3 {
        match hostname_for_comparison(&parts[0]) {
            Ok(host) => hostname = Some(host),
            Err(err) => {
                return Err((
                    Code::InvalidProviderSourceHostname,
                    format!(
                        "Invalid provider source hostname namespace \"\" in source {source:?}: {err}\""
                    ),
                ));
            }
        }
    }
    let default_host = hostname
        .as_deref()
        .is_none_or(|h| h == "registry.opentofu.org");
    if namespace.as_deref() == Some("-") && !default_host {
        return Err((
            Code::InvalidProviderNamespace,
            "The legacy provider namespace \"-\" can be used only with hostname registry.opentofu.org.".to_owned(),
        ));
    }
    // `ForDisplay` and `String` of the parsed address.
    let namespace = namespace.unwrap_or_else(|| "?".to_owned());
    let host = hostname.unwrap_or_else(|| "registry.opentofu.org".to_owned());
    let display = |ty: &str| {
        if host == "registry.opentofu.org" {
            format!("{namespace}/{ty}")
        } else {
            format!("{host}/{namespace}/{ty}")
        }
    };
    let full = format!("{host}/{namespace}/{ty}");
    for (redundant, user_error, product, repos) in [
        (
            "terraform-",
            "terraform-provider-",
            "a Terraform provider",
            "often used in the names of version control repositories for Terraform providers",
        ),
        (
            "opentofu-",
            "opentofu-provider-",
            "an OpenTofu provider",
            "sometimes used in the names of version control repositories for OpenTofu providers",
        ),
    ] {
        if !ty.starts_with(redundant) {
            continue;
        }
        if let Some(suggested) = ty.strip_prefix(user_error)
            && parse_provider_part(suggested).is_ok()
        {
            return Err((
                Code::InvalidProviderType,
                format!(
                    "Provider source {:?} has a type with the prefix {user_error:?}, which isn't valid. Although that prefix is {repos}, provider source strings should not include it.\n\nDid you mean {:?}?",
                    display(&ty),
                    display(suggested)
                ),
            ));
        }
        return Err((
            Code::InvalidProviderType,
            format!(
                "Provider source {full:?} has a type with the prefix {redundant:?}, which isn't allowed because it would be redundant to name {product} with that prefix. If you are the author of this provider, rename it to not include the prefix."
            ),
        ));
    }
    Ok(Provider {
        hostname: host,
        namespace,
        ty,
    })
}

/// `svchost.ForComparison`: a hostname with an optional port, lowercased.
fn hostname_for_comparison(given: &str) -> Result<String, String> {
    let (host, port) = match given.find(':') {
        Some(at) => (&given[..at], Some(&given[at + 1..])),
        None => (given, None),
    };
    let port = match port {
        Some(port) => match port.parse::<u16>() {
            Ok(0) | Err(_) => return Err(format!("invalid port {port:?}")),
            Ok(443) => String::new(),
            Ok(n) => format!(":{n}"),
        },
        None => String::new(),
    };
    if host.is_empty() {
        return Err("empty string is not a valid hostname".to_owned());
    }
    let mut out = String::new();
    for (i, label) in host.split('.').enumerate() {
        if label.is_empty() {
            return Err("hostname contains empty label (two consecutive periods)".to_owned());
        }
        if label.to_ascii_lowercase().starts_with("xn--") {
            return Err(format!(
                "hostname label {label:?} specified in punycode format; service hostnames must be given in unicode"
            ));
        }
        if label.starts_with('-') || label.ends_with('-') {
            return Err(format!("idna: invalid label {label:?}"));
        }
        if let Some(c) = label.chars().find(|c| !(c.is_alphanumeric() || *c == '-')) {
            return Err(format!("idna: disallowed rune U+{:04X}", c as u32));
        }
        if i > 0 {
            out.push('.');
        }
        out.extend(label.chars().flat_map(char::to_lowercase));
    }
    Ok(out + &port)
}

#[cfg(test)]
mod tests {
    use super::Provider;

    #[test]
    fn required_sources_resolve_as_a_module_does() {
        let resolved = |source: &str| Provider::of_required_source(source).map(|p| p.to_string());
        assert_eq!(
            resolved("AWS").as_deref(),
            Some("registry.opentofu.org/hashicorp/aws")
        );
        assert_eq!(
            resolved("terraform").as_deref(),
            Some("registry.opentofu.org/hashicorp/terraform")
        );
        assert_eq!(
            resolved("Example.com/Ns/x").as_deref(),
            Some("example.com/ns/x")
        );
        assert_eq!(resolved("a/b/c/d"), None);
        let legacy = Provider::of_required_source("-/null").expect("a legacy address");
        assert_eq!(legacy.for_display(), "-/null");
        assert!(!legacy.is_default());
    }

    #[test]
    fn implied_providers_are_the_defaults_but_terraform() {
        assert_eq!(Provider::implied("aws"), Provider::default_for("aws"));
        assert!(Provider::implied("aws").is_default());
        assert_eq!(
            Provider::implied("terraform").for_display(),
            "terraform.io/builtin/terraform"
        );
    }
}
