//! Small hand-written documents for what the real schemas lack: nested
//! attributes of every nesting mode, deprecated and write-only attributes,
//! blocks of every nesting mode, ephemeral resources, dynamic types and
//! optional object attributes, functions with variadic parameters; and how
//! the reader treats what Go's `json.Unmarshal` tolerates (unknown
//! properties, `null`, repeated properties).

mod render;

use expect_test::expect;
use tofu_provider_schema::{AttributeType, NestingMode, ProviderSchemas, SchemaKind};
use tofu_types::Type;

const ADDRESS: &str = "registry.opentofu.org/example/thing";

/// A document with one provider whose body is `provider`.
fn document(provider: &str) -> String {
    format!(r#"{{"format_version":"1.0","provider_schemas":{{"{ADDRESS}":{provider}}}}}"#)
}

const EVERYTHING: &str = r#"{
  "provider": {
    "version": 0,
    "block": {
      "attributes": {
        "endpoint": {"type": "string", "optional": true, "description": "Where", "description_kind": "markdown"},
        "token": {"type": "string", "optional": true, "sensitive": true, "write_only": true}
      }
    }
  },
  "resource_schemas": {
    "thing_server": {
      "version": 3,
      "block": {
        "attributes": {
          "id": {"type": "string", "computed": true},
          "settings": {"type": "dynamic", "optional": true},
          "shape": {
            "type": ["object", {"size": "number", "tags": ["map", "string"], "mode": "string"}, ["mode", "tags"]],
            "optional": true
          },
          "pairs": {"type": ["tuple", ["string", "number", "bool"]], "optional": true},
          "old_name": {"type": "string", "optional": true, "deprecated": true, "deprecation_message": "Use name."},
          "password": {"type": "string", "optional": true, "write_only": true, "sensitive": true},
          "endpoint": {
            "nested_type": {
              "nesting_mode": "single",
              "attributes": {
                "host": {"type": "string", "required": true},
                "port": {"type": "number", "optional": true, "computed": true}
              }
            },
            "optional": true
          },
          "disks": {
            "nested_type": {
              "nesting_mode": "list",
              "min_items": 1,
              "max_items": 4,
              "attributes": {
                "size": {"type": "number", "required": true},
                "labels": {
                  "nested_type": {"nesting_mode": "map", "attributes": {"value": {"type": "string", "optional": true}}},
                  "optional": true
                }
              }
            },
            "required": true
          },
          "rules": {
            "nested_type": {"nesting_mode": "set", "attributes": {"port": {"type": "number", "required": true}}},
            "optional": true
          }
        },
        "block_types": {
          "network": {"nesting_mode": "single", "block": {"attributes": {"name": {"type": "string", "required": true}}}},
          "timeouts": {"nesting_mode": "group", "block": {"attributes": {"create": {"type": "string", "optional": true}}}},
          "volume": {"nesting_mode": "list", "min_items": 1, "max_items": 2, "block": {}},
          "tag": {"nesting_mode": "set", "block": {"attributes": {"key": {"type": "string", "required": true}}}},
          "listener": {
            "nesting_mode": "map",
            "block": {
              "attributes": {"port": {"type": "number", "required": true}},
              "deprecated": true
            }
          }
        }
      }
    }
  },
  "data_source_schemas": {
    "thing_image": {"version": 0, "block": {"attributes": {"name": {"type": "string", "required": true}}}}
  },
  "ephemeral_resource_schemas": {
    "thing_token": {
      "version": 0,
      "block": {
        "attributes": {
          "scope": {"type": ["list", "string"], "required": true},
          "value": {"type": "string", "computed": true, "sensitive": true}
        },
        "deprecated": true,
        "deprecation_message": "Use thing_credential."
      }
    }
  },
  "functions": {
    "join_all": {
      "description": "Joins.",
      "summary": "Joins strings.",
      "return_type": ["object", {"joined": "string", "count": "number"}],
      "parameters": [
        {"name": "separator", "description": "Between", "type": "string", "is_nullable": true}
      ],
      "variadic_parameter": {"name": "parts", "description": "What", "type": ["list", "dynamic"]}
    },
    "noop": {"description": "", "summary": "", "return_type": "dynamic"}
  },
  "resource_identity_schemas": {
    "thing_server": {"version": 0, "attributes": {"id": {"type": "string", "required_for_import": true}}}
  }
}"#;

#[test]
fn every_part_of_the_format() {
    let schemas = ProviderSchemas::parse(&document(EVERYTHING)).unwrap();
    let provider = schemas.provider(ADDRESS).unwrap();
    expect![[r#"
        registry.opentofu.org/example/thing
          resource_schemas: thing_server
          data_source_schemas: thing_image
          ephemeral_resource_schemas: thing_token
          functions: join_all noop
    "#]]
    .assert_eq(&render::type_names(provider));

    let server = provider.resource("thing_server").unwrap().unwrap();
    assert_eq!(server.version, 3);
    expect![[r#"
        disks: nested list (min 1, max 4), required
          labels: nested map, optional
            value: string, optional
          size: number, required
        endpoint: nested single, optional
          host: string, required
          port: number, optional, computed
        id: string, computed
        old_name: string, optional, deprecated: Use name.
        pairs: tuple([string,number,bool]), optional
        password: string, optional, sensitive, write-only
        rules: nested set, optional
          port: number, required
        settings: any, optional
        shape: object({mode=optional(string),size=number,tags=optional(map(string))}), optional
        block listener: map, deprecated
          port: number, required
        block network: single
          name: string, required
        block tag: set
          key: string, required
        block timeouts: group
          create: string, optional
        block volume: list (min 1, max 2)
    "#]]
    .assert_eq(&render::block(&server.block));

    let token = provider.ephemeral_resource("thing_token").unwrap().unwrap();
    expect![[r#"
        (deprecated: Use thing_credential.)
        scope: list(string), required
        value: string, computed, sensitive
    "#]]
    .assert_eq(&render::block(&token.block));
    assert!(provider.resource("thing_token").is_none());
    assert!(provider.data_source("thing_image").unwrap().is_ok());

    let config = provider.provider_config().unwrap();
    expect![[r#"
        endpoint: string, optional
        token: string, optional, sensitive, write-only
    "#]]
    .assert_eq(&render::block(&config.block));
    let endpoint = &config.block.attributes["endpoint"];
    assert_eq!(endpoint.description, "Where");
    assert_eq!(
        endpoint.description_kind,
        tofu_provider_schema::DescriptionKind::Markdown
    );

    let functions: String = provider
        .function_names()
        .map(|name| render::function(name, provider.function(name).unwrap().unwrap()))
        .collect();
    expect![[r#"
        join_all(separator string (nullable), parts list(any)...) object({count=number,joined=string})
          summary: Joins strings.
          description: Joins.
          separator: Between
          parts: What
        noop() any
    "#]]
    .assert_eq(&functions);
}

/// Types are cty's: optional object attributes stay marked, `dynamic` is
/// the dynamic pseudo-type.
#[test]
fn attribute_types() {
    let schemas = ProviderSchemas::parse(&document(EVERYTHING)).unwrap();
    let server = schemas
        .provider(ADDRESS)
        .unwrap()
        .resource("thing_server")
        .unwrap()
        .unwrap();
    let ty = |name: &str| match &server.block.attributes[name].ty {
        AttributeType::Type(ty) => ty.clone(),
        AttributeType::Nested(_) => panic!("{name} is nested"),
    };
    assert_eq!(ty("settings"), Type::Dynamic);
    let shape = ty("shape");
    assert!(shape.is_optional_attribute("mode"));
    assert!(shape.is_optional_attribute("tags"));
    assert!(!shape.is_optional_attribute("size"));
    assert_eq!(
        shape.json_encoding(),
        r#"["object",{"mode":"string","size":"number","tags":["map","string"]},["mode","tags"]]"#
    );
    let AttributeType::Nested(disks) = &server.block.attributes["disks"].ty else {
        panic!("disks is not nested");
    };
    assert_eq!(disks.nesting, NestingMode::List);
    assert_eq!((disks.min_items, disks.max_items), (1, 4));
}

/// What Go's `json.Unmarshal` tolerates: unknown properties anywhere,
/// `null` for anything (read as absent), a later minor format version.
#[test]
fn tolerated_input() {
    let text = r#"{
      "format_version": "1.7",
      "new_top_level": {"anything": [1, 2]},
      "provider_schemas": {
        "registry.opentofu.org/example/thing": {
          "provider": null,
          "resource_schemas": {
            "thing_empty": {},
            "thing_null": null,
            "thing_a": {
              "version": null,
              "future": true,
              "block": {
                "attributes": {
                  "a": {"type": "string", "optional": null, "description": null, "future": {}},
                  "b": {"type": null, "nested_type": {"nesting_mode": "single", "attributes": null}}
                },
                "block_types": {"c": {"nesting_mode": "list", "block": null, "max_items": null}},
                "description_kind": "future-kind"
              }
            }
          },
          "data_source_schemas": null,
          "functions": {"f": {"return_type": "string", "parameters": null, "variadic_parameter": null}}
        }
      }
    }"#;
    let schemas = ProviderSchemas::parse(text).unwrap();
    assert_eq!(schemas.format_version(), "1.7");
    let provider = schemas.provider(ADDRESS).unwrap();
    assert_eq!(*provider.provider_config().unwrap(), Default::default());
    for name in ["thing_empty", "thing_null"] {
        assert_eq!(
            *provider.resource(name).unwrap().unwrap(),
            Default::default()
        );
    }
    let a = provider.resource("thing_a").unwrap().unwrap();
    expect![[r#"
        a: string
        b: nested single
        block c: list
    "#]]
    .assert_eq(&render::block(&a.block));
    assert_eq!(provider.data_source_types().len(), 0);
    let f = provider.function("f").unwrap().unwrap();
    assert!(f.parameters.is_empty() && f.variadic_parameter.is_none());
}

/// A repeated provider replaces the earlier one; a repeated map of one
/// provider adds to the earlier map, and a repeated type name replaces the
/// earlier schema, as Go decodes into the map it already made.
#[test]
fn repeated_properties() {
    let text = r#"{
      "format_version": "1.0",
      "provider_schemas": {
        "registry.opentofu.org/example/gone": {"resource_schemas": {"gone_a": {}}},
        "registry.opentofu.org/example/gone": {"resource_schemas": {"gone_b": {}}},
        "registry.opentofu.org/example/thing": {
          "resource_schemas": {"thing_a": {"version": 1}, "thing_b": {}},
          "resource_schemas": {"thing_a": {"version": 2}, "thing_c": {}}
        }
      }
    }"#;
    let schemas = ProviderSchemas::parse(text).unwrap();
    let gone = schemas
        .provider("registry.opentofu.org/example/gone")
        .unwrap();
    assert_eq!(gone.resource_types().collect::<Vec<_>>(), ["gone_b"]);
    let provider = schemas.provider(ADDRESS).unwrap();
    assert_eq!(
        provider.resource_types().collect::<Vec<_>>(),
        ["thing_a", "thing_b", "thing_c"]
    );
    assert_eq!(provider.resource("thing_a").unwrap().unwrap().version, 2);
}

/// Providers and type names come out in byte order of their names,
/// whatever the document's order; so do attributes and block types.
#[test]
fn sorted_by_name() {
    let text = r#"{
      "format_version": "1.0",
      "provider_schemas": {
        "registry.opentofu.org/z/z": {},
        "registry.opentofu.org/a/a": {
          "data_source_schemas": {"b": {}, "a": {}, "B": {}},
          "resource_schemas": {
            "r": {"block": {
              "attributes": {"z": {"type": "string"}, "a": {"type": "string"}, "M": {"type": "string"}},
              "block_types": {"y": {"nesting_mode": "list"}, "b": {"nesting_mode": "set"}}
            }}
          }
        }
      }
    }"#;
    let schemas = ProviderSchemas::parse(text).unwrap();
    let addresses: Vec<&str> = schemas.providers().map(|p| p.address()).collect();
    assert_eq!(
        addresses,
        ["registry.opentofu.org/a/a", "registry.opentofu.org/z/z"]
    );
    let provider = schemas.provider("registry.opentofu.org/a/a").unwrap();
    assert_eq!(
        provider
            .type_names(SchemaKind::DataSource)
            .collect::<Vec<_>>(),
        ["B", "a", "b"]
    );
    let r = provider.resource("r").unwrap().unwrap();
    assert_eq!(
        r.block.attributes.keys().collect::<Vec<_>>(),
        ["M", "a", "z"]
    );
    assert_eq!(r.block.block_types.keys().collect::<Vec<_>>(), ["b", "y"]);
}

/// A provider with no schemas at all, and a document with no providers.
#[test]
fn empty_documents() {
    let schemas = ProviderSchemas::parse(r#"{"format_version":"1.0"}"#).unwrap();
    assert_eq!(schemas.providers().len(), 0);
    let schemas = ProviderSchemas::parse(&document("{}")).unwrap();
    let provider = schemas.provider(ADDRESS).unwrap();
    for kind in SchemaKind::ALL {
        assert_eq!(provider.type_names(kind).len(), 0);
    }
    assert_eq!(provider.function_names().len(), 0);
    assert_eq!(*provider.provider_config().unwrap(), Default::default());
}
