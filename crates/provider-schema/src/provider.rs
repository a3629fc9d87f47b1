//! One provider's schemas: jsonprovider's `Provider`
//! (`internal/command/jsonprovider/provider.go`). Names and type names are
//! read with the document; each schema is decoded on first access.
//!
//! `resource_identity_schemas` (identity-based import) is not read.

use std::collections::BTreeMap;

use serde_json::value::RawValue;

use crate::block::{Schema, decode_schema};
use crate::error::SchemaError;
use crate::function::{FunctionSignature, decode_function};
use crate::lazy::Lazy;
use crate::path::Path;

/// The kinds of schema a provider has a map of, by type name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SchemaKind {
    Resource,
    DataSource,
    EphemeralResource,
}

impl SchemaKind {
    pub const ALL: [SchemaKind; 3] = [
        SchemaKind::Resource,
        SchemaKind::DataSource,
        SchemaKind::EphemeralResource,
    ];

    /// The property of a provider that holds this kind's map.
    pub fn json_key(self) -> &'static str {
        match self {
            SchemaKind::Resource => "resource_schemas",
            SchemaKind::DataSource => "data_source_schemas",
            SchemaKind::EphemeralResource => "ephemeral_resource_schemas",
        }
    }
}

#[derive(Debug)]
pub struct ProviderSchema {
    address: String,
    pub(crate) config: Lazy<Schema>,
    pub(crate) resources: BTreeMap<String, Lazy<Schema>>,
    pub(crate) data_sources: BTreeMap<String, Lazy<Schema>>,
    pub(crate) ephemeral_resources: BTreeMap<String, Lazy<Schema>>,
    pub(crate) functions: BTreeMap<String, Lazy<FunctionSignature>>,
}

impl ProviderSchema {
    /// A provider with no schemas yet; without a `provider` property its
    /// configuration's schema is empty, as OpenTofu writes one without a
    /// block.
    pub(crate) fn empty(address: String) -> ProviderSchema {
        ProviderSchema {
            address,
            config: Lazy::new(RawValue::NULL.to_owned()),
            resources: BTreeMap::new(),
            data_sources: BTreeMap::new(),
            ephemeral_resources: BTreeMap::new(),
            functions: BTreeMap::new(),
        }
    }

    /// The key the document has for this provider, such as
    /// `registry.opentofu.org/hashicorp/local`.
    pub fn address(&self) -> &str {
        &self.address
    }

    /// The schema of the `provider` block.
    pub fn provider_config(&self) -> Result<&Schema, SchemaError> {
        self.at("provider", |path| self.config.get(path, decode_schema))
    }

    /// The schema of a resource, data source or ephemeral resource type;
    /// `None` when the provider has no such type.
    pub fn schema(
        &self,
        kind: SchemaKind,
        type_name: &str,
    ) -> Option<Result<&Schema, SchemaError>> {
        let lazy = self.kind_map(kind).get(type_name)?;
        Some(self.at(kind.json_key(), |map| {
            lazy.get(&map.key(type_name), decode_schema)
        }))
    }

    pub fn resource(&self, type_name: &str) -> Option<Result<&Schema, SchemaError>> {
        self.schema(SchemaKind::Resource, type_name)
    }

    pub fn data_source(&self, type_name: &str) -> Option<Result<&Schema, SchemaError>> {
        self.schema(SchemaKind::DataSource, type_name)
    }

    pub fn ephemeral_resource(&self, type_name: &str) -> Option<Result<&Schema, SchemaError>> {
        self.schema(SchemaKind::EphemeralResource, type_name)
    }

    /// The type names of one kind, in byte order, without decoding their
    /// schemas.
    pub fn type_names(&self, kind: SchemaKind) -> impl ExactSizeIterator<Item = &str> + '_ {
        self.kind_map(kind).keys().map(String::as_str)
    }

    pub fn resource_types(&self) -> impl ExactSizeIterator<Item = &str> + '_ {
        self.type_names(SchemaKind::Resource)
    }

    pub fn data_source_types(&self) -> impl ExactSizeIterator<Item = &str> + '_ {
        self.type_names(SchemaKind::DataSource)
    }

    pub fn ephemeral_resource_types(&self) -> impl ExactSizeIterator<Item = &str> + '_ {
        self.type_names(SchemaKind::EphemeralResource)
    }

    /// A provider-defined function's signature (called as
    /// `provider::NAME::FUNCTION` in configuration).
    pub fn function(&self, name: &str) -> Option<Result<&FunctionSignature, SchemaError>> {
        let lazy = self.functions.get(name)?;
        Some(self.at("functions", |functions| {
            lazy.get(&functions.key(name), decode_function)
        }))
    }

    /// The names of the provider's functions, in byte order, without
    /// decoding them.
    pub fn function_names(&self) -> impl ExactSizeIterator<Item = &str> + '_ {
        self.functions.keys().map(String::as_str)
    }

    /// `f` of the path of this provider's property `field`, for errors.
    fn at<R>(&self, field: &str, f: impl FnOnce(&Path<'_>) -> R) -> R {
        let providers = Path::ROOT.field("provider_schemas");
        let provider = providers.key(&self.address);
        f(&provider.field(field))
    }

    fn kind_map(&self, kind: SchemaKind) -> &BTreeMap<String, Lazy<Schema>> {
        match kind {
            SchemaKind::Resource => &self.resources,
            SchemaKind::DataSource => &self.data_sources,
            SchemaKind::EphemeralResource => &self.ephemeral_resources,
        }
    }
}
