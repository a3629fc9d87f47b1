//! Every kind of diagnostic the analyzer reports, with its stable code.
//!
//! A code names a kind of problem, not a message: it stays the same when
//! a summary's wording changes, and it is what ignore comments, the
//! configuration file and SARIF use. Codes are OpenTofu's summaries in
//! kebab case, shortened where the summary is a sentence. Adding a kind
//! means adding a row here; renaming or removing a code breaks users'
//! configurations and is a breaking change.

macro_rules! codes {
    ($($variant:ident = $name:literal, $summary:literal, $description:literal;)*) => {
        /// The kind of a diagnostic: see the table in this module.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum Code {
            $($variant,)*
        }

        impl Code {
            /// Every code, in table order.
            pub const ALL: &'static [Code] = &[$(Code::$variant,)*];

            /// The stable kebab-case name: `undeclared-variable`.
            pub fn name(self) -> &'static str {
                match self {
                    $(Code::$variant => $name,)*
                }
            }

            /// OpenTofu's summary for this kind of diagnostic.
            pub fn summary(self) -> &'static str {
                match self {
                    $(Code::$variant => $summary,)*
                }
            }

            /// One line on what the code means, for `--list-codes` and SARIF rules.
            pub fn description(self) -> &'static str {
                match self {
                    $(Code::$variant => $description,)*
                }
            }
        }
    };
}

impl Code {
    /// The code named `name`, as a user writes it in an ignore comment or
    /// the configuration file.
    pub fn from_name(name: &str) -> Option<Code> {
        Code::ALL.iter().copied().find(|code| code.name() == name)
    }
}

impl std::fmt::Display for Code {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

codes! {
    InternalError = "internal-error", "Internal error", "The analyzer itself failed on part of the configuration; the rest of the report stands.";
    MissingRequiredArgument = "missing-required-argument", "Missing required argument", "A block does not set an argument that its type requires.";
    InvalidEscapeSequence = "invalid-escape-sequence", "Invalid escape sequence", "A quoted string contains a backslash escape sequence that HCL does not recognise.";
    InvalidMultiLineString = "invalid-multi-line-string", "Invalid multi-line string", "A quoted string is split over several lines; use \\n escapes or a heredoc instead.";
    InputTooComplex = "input-too-complex", "Input too complex", "The parser gave up before the end of the file because the file took too many steps to parse.";
    IncorrectJsonValueType = "incorrect-json-value-type", "Incorrect JSON value type", "In a JSON configuration file, a block's content is not a JSON object or an array of objects.";
    ExtraneousJsonObjectProperty = "extraneous-json-object-property", "Extraneous JSON object property", "In a JSON configuration file, a property names no argument or block type that this block accepts.";
    DuplicateArgument = "duplicate-argument", "Duplicate argument", "In a JSON configuration file, a block sets the same argument more than once.";
    MissingBlockLabel = "missing-block-label", "Missing block label", "In a JSON configuration file, a block's object lacks the nested property that gives its label.";
    DuplicateAttributeDefinition = "duplicate-attribute-definition", "Duplicate attribute definition", "In a JSON configuration file, a body of free-form arguments (such as locals) sets a name twice.";
    UnsupportedArgument = "unsupported-argument", "Unsupported argument", "A block sets an argument that its type does not accept.";
    UnsupportedBlockType = "unsupported-block-type", "Unsupported block type", "A block contains a nested block of a type it does not accept.";
    ExtraneousLabel = "extraneous-label", "Extraneous label", "A block has more labels than its type accepts.";
    MissingLabel = "missing-label", "Missing label", "A block has fewer labels than its type requires.";
    UnclosedObject = "unclosed-object", "Unclosed object", "A JSON object or array has no closing brace or bracket before the end of the file.";
    TrailingCommaInArray = "trailing-comma-in-array", "Trailing comma in array", "A JSON array has a comma after its last value, which JSON does not allow.";
    MissingJsonComma = "missing-json-comma", "Missing attribute seperator comma", "A JSON object or array lacks the comma between two of its properties or values.";
    MismatchedBraces = "mismatched-braces", "Mismatched braces", "A JSON object is closed with a bracket instead of a brace.";
    TrailingCommaInObject = "trailing-comma-in-object", "Trailing comma in object", "A JSON object has a comma after its last property, which JSON does not allow.";
    InvalidObjectPropertyName = "invalid-object-property-name", "Invalid object property name", "A JSON object property name is not a string.";
    ValueNestedTooDeeply = "value-nested-too-deeply", "Value nested too deeply", "JSON objects and arrays are nested deeper than the parser allows.";
    InvalidJsonKeyword = "invalid-json-keyword", "Invalid JSON keyword", "A JSON file contains a bare word other than true, false or null.";
    InvalidJsonNumber = "invalid-json-number", "Invalid JSON number", "A JSON number is malformed.";
    InvalidJsonString = "invalid-json-string", "Invalid JSON string", "A JSON string is malformed, for example with an invalid escape or an unescaped control character.";
    InvalidStartOfValue = "invalid-start-of-value", "Invalid start of value", "Where a JSON value is expected, the text does not start a value.";
    MissingValue = "missing-value", "Missing value", "A JSON file ends where a value is expected.";
    MissingArrayElementValue = "missing-array-element-value", "Missing array element value", "A JSON array has a closing bracket where a value is expected.";
    MissingJsonValue = "missing-json-value", "Missing JSON value", "A JSON object has a closing brace where a property value is expected.";
    RootValueMustBeObject = "root-value-must-be-object", "Root value must be object", "A JSON configuration file's top-level value is not an object or an array of objects.";
    ExtraneousDataAfterValue = "extraneous-data-after-value", "Extraneous data after value", "A JSON file has extra characters after its top-level value.";
    InvalidCharacter = "invalid-character", "Invalid character", "A character that HCL does not accept here, such as a semicolon, backtick, single or curly quote.";
    UnsupportedOperator = "unsupported-operator", "Unsupported operator", "An expression uses an operator HCL does not have, such as a bitwise & or |.";
    InvalidForDirective = "invalid-for-directive", "Invalid 'for' directive", "A template %{for} directive has no iterator variable name after for.";
    InvalidTemplateControlKeyword = "invalid-template-control-keyword", "Invalid template control keyword", "A template %{ } directive starts with a word that is not a template keyword.";
    InvalidTemplateDirective = "invalid-template-directive", "Invalid template directive", "A template %{ sequence does not start with a directive keyword such as if or for.";
    ExtraCharactersAfterInterpolation = "extra-characters-after-interpolation", "Extra characters after interpolation expression", "A template ${ } interpolation has extra characters after its expression, often unescaped shell syntax.";
    UnclosedTemplateInterpolationSequence = "unclosed-template-interpolation-sequence", "Unclosed template interpolation sequence", "A template ${ interpolation has no closing brace before the end of the string or file.";
    UnterminatedTemplateString = "unterminated-template-string", "Unterminated template string", "A heredoc or template string has no closing marker.";
    InvalidForExpression = "invalid-for-expression", "Invalid 'for' expression", "A for expression is malformed, for example with extra characters or a key in a tuple for.";
    MissingAttributeSeparator = "missing-attribute-separator", "Missing attribute separator", "Two attributes of an object constructor are not separated by a newline or comma.";
    UnterminatedObjectConstructor = "unterminated-object-constructor", "Unterminated object constructor expression", "An object constructor's opening brace has no closing brace before the end of the file.";
    MissingKeyValueSeparator = "missing-key-value-separator", "Missing key/value separator", "An object constructor's key is not followed by an equals sign (or colon) before its value.";
    MissingAttributeValue = "missing-attribute-value", "Missing attribute value", "An object constructor's key has no value after it.";
    MissingItemSeparator = "missing-item-separator", "Missing item separator", "Two elements of a tuple constructor are not separated by a comma.";
    UnterminatedTupleConstructor = "unterminated-tuple-constructor", "Unterminated tuple constructor expression", "A tuple constructor's opening bracket has no closing bracket before the end of the file.";
    MissingArgumentSeparator = "missing-argument-separator", "Missing argument separator", "Two arguments of a function call are not separated by a comma.";
    UnterminatedFunctionCall = "unterminated-function-call", "Unterminated function call", "A function call has no closing parenthesis before the end of the file.";
    MissingClosingParenthesis = "missing-closing-parenthesis", "Missing closing parenthesis", "A function call's expanded argument (with ...) is not immediately followed by the closing parenthesis.";
    MissingOpenParenthesis = "missing-open-parenthesis", "Missing open parenthesis", "A namespaced function name (with ::) is not followed by an opening parenthesis.";
    MissingFunctionName = "missing-function-name", "Missing function name", "A function namespace separator (::) is not followed by a function name.";
    InvalidExpression = "invalid-expression", "Invalid expression", "An expression is not of the static form required here, such as a literal map, list or a bare reference.";
    MissingExpression = "missing-expression", "Missing expression", "The file ends where an expression is expected.";
    UnbalancedParentheses = "unbalanced-parentheses", "Unbalanced parentheses", "A parenthesised expression has no closing parenthesis.";
    InvalidNumberLiteral = "invalid-number-literal", "Invalid number literal", "A number literal cannot be read as a number.";
    InvalidLegacyIndexSyntax = "invalid-legacy-index-syntax", "Invalid legacy index syntax", "A legacy dot index (such as foo.0) is malformed, for example chained directly to another.";
    InvalidAttributeName = "invalid-attribute-name", "Invalid attribute name", "A dot in an expression is not followed by an attribute name.";
    NestedSplatExpressionNotAllowed = "nested-splat-expression-not-allowed", "Nested splat expression not allowed", "A full splat [*] is used inside an attribute-only splat (.*), which HCL does not allow.";
    MissingCloseBracketOnIndex = "missing-close-bracket-on-index", "Missing close bracket on index", "An index expression has no closing bracket.";
    MissingCloseBracketOnSplatIndex = "missing-close-bracket-on-splat-index", "Missing close bracket on splat index", "The star of a full splat operator is not immediately followed by a closing bracket.";
    MissingFalseExpressionInConditional = "missing-false-expression-in-conditional", "Missing false expression in conditional", "A conditional expression (a ? b : c) has no colon and false result.";
    ExpressionTooDeeplyNested = "expression-too-deeply-nested", "Expression too deeply nested", "An expression is nested deeper than the analyzer can parse or evaluate.";
    InvalidStringLiteral = "invalid-string-literal", "Invalid string literal", "A string that must be a plain literal contains a template sequence or other non-literal part.";
    UnterminatedStringLiteral = "unterminated-string-literal", "Unterminated string literal", "A quoted string has no closing quote before the end of the file.";
    InvalidSingleArgumentBlockDefinition = "invalid-single-argument-block-definition", "Invalid single-argument block definition", "A single-line block holds more than one argument or is not closed on the same line.";
    UnclosedConfigurationBlock = "unclosed-configuration-block", "Unclosed configuration block", "A block has no closing brace before the end of the file.";
    ArgumentOrBlockDefinitionRequired = "argument-or-block-definition-required", "Argument or block definition required", "A line in a block body is neither an argument nor a block definition.";
    ArgumentDefinitionRequired = "argument-definition-required", "Argument definition required", "A single-line block contains something other than its one argument definition.";
    MissingNewlineAfterBlockDefinition = "missing-newline-after-block-definition", "Missing newline after block definition", "A block's closing brace is followed by more text on the same line.";
    InvalidBlockDefinition = "invalid-block-definition", "Invalid block definition", "A block header is malformed, such as an equals sign after the type or a brace on the next line.";
    UnclosedConfigurationBody = "unclosed-configuration-body", "Unclosed configuration body", "The file ends before a configuration body is closed.";
    InvalidArgumentName = "invalid-argument-name", "Invalid argument name", "An argument name is quoted, which HCL does not allow.";
    AttributeRedefined = "attribute-redefined", "Attribute redefined", "A block sets the same argument more than once.";
    ExtraCharactersAfterExpression = "extra-characters-after-expression", "Extra characters after expression", "Extra characters follow a complete expression where only one expression is expected.";
    UnexpectedEndOfTemplate = "unexpected-end-of-template", "Unexpected end of template", "A template %{if} or %{for} directive has no matching %{endif} or %{endfor}.";
    UnexpectedElseDirective = "unexpected-else-directive", "Unexpected else directive", "A template %{else} appears in a for directive or after the if already has an else.";
    TemplateDirectivesTooDeeplyNested = "template-directives-too-deeply-nested", "Template directives too deeply nested", "Template directives are nested deeper than the parser allows.";
    MissingObjectValue = "missing-object-value", "Missing object value", "A JSON object property name has no colon and value after it.";
    MissingPropertyValueColon = "missing-property-value-colon", "Missing property value colon", "A JSON object property name is followed by something other than a colon, such as an equals sign.";
    InvalidArrayValue = "invalid-array-value", "Invalid array value", "A JSON array contains a colon, as if it were an object.";
    MismatchedBrackets = "mismatched-brackets", "Mismatched brackets", "A JSON array is closed with a brace instead of a bracket.";
    UnexpectedCommaAfterArgument = "unexpected-comma-after-argument", "Unexpected comma after argument", "An argument definition ends with a comma; arguments are separated by newlines.";
    MissingNewlineAfterArgument = "missing-newline-after-argument", "Missing newline after argument", "An argument definition is followed by more text on the same line.";
    ExtraCharactersInMarker = "extra-characters-in-marker", "Extra characters in marker", "A template directive or interpolation has extra characters before its closing brace.";
    UnexpectedDirective = "unexpected-directive", "Unexpected directive", "A template %{else}, %{endif} or %{endfor} does not match an open %{if} or %{for}.";
    UnexpectedBlock = "unexpected-block", "Unexpected block", "A nested block appears in a body that accepts only arguments.";
    InvalidUseOfTypeFunction = "invalid-use-of-type-function", "Invalid use of type function", "The console-only type() function is used inside a larger expression.";
    ErrorInFunctionCall = "error-in-function-call", "Error in function call", "A function call fails with the arguments it is given.";
    InvalidExpandingArgumentValue = "invalid-expanding-argument-value", "Invalid expanding argument value", "A function's expanded last argument (with ...) is null or not a list, set or tuple.";
    InvalidFunctionArgument = "invalid-function-argument", "Invalid function argument", "A function argument has a value that the function's parameter does not accept.";
    TooManyFunctionArguments = "too-many-function-arguments", "Too many function arguments", "A function is called with more arguments than it accepts.";
    NotEnoughFunctionArguments = "not-enough-function-arguments", "Not enough function arguments", "A function is called with fewer arguments than it requires.";
    FunctionCallsNotAllowed = "function-calls-not-allowed", "Function calls not allowed", "A function is called where only constant values are allowed.";
    InvalidNestedSplatExpressions = "invalid-nested-splat-expressions", "Invalid nested splat expressions", "A nested splat expression yields elements of different types, so its result cannot be a list.";
    SplatOfNullValue = "splat-of-null-value", "Splat of null value", "A splat expression is applied to a null sequence.";
    InvalidObjectKey = "invalid-object-key", "Invalid object key", "A for expression's key expression produces null or a value that cannot be an object key.";
    InvalidForCondition = "invalid-for-condition", "Invalid 'for' condition", "A for expression's if clause produces a value that is not a boolean.";
    IterationOverNonIterableValue = "iteration-over-non-iterable-value", "Iteration over non-iterable value", "A for expression iterates over a value that is not a collection.";
    IterationOverNullValue = "iteration-over-null-value", "Iteration over null value", "A for expression iterates over null.";
    DuplicateObjectKey = "duplicate-object-key", "Duplicate object key", "A for expression produces the same object key twice without the ... grouping mode.";
    ConditionIsNull = "condition-is-null", "Condition is null", "A for expression's if clause produces null instead of true or false.";
    AmbiguousAttributeKey = "ambiguous-attribute-key", "Ambiguous attribute key", "An object key such as a.b could be a reference or a literal; wrap it in parentheses or quotes.";
    IncorrectKeyType = "incorrect-key-type", "Incorrect key type", "An object constructor key has a value that cannot be converted to a string.";
    NullValueAsKey = "null-value-as-key", "Null value as key", "An object constructor key is null.";
    DuplicateObjectAttribute = "duplicate-object-attribute", "Duplicate object attribute", "An object written in JSON syntax defines the same attribute name twice.";
    InvalidObjectKeyExpression = "invalid-object-key-expression", "Invalid object key expression", "A key of an object written in JSON syntax does not evaluate to a string.";
    IncorrectConditionType = "incorrect-condition-type", "Incorrect condition type", "A conditional expression's condition is not a boolean.";
    NullCondition = "null-condition", "Null condition", "A conditional expression's condition is null instead of true or false.";
    InconsistentConditionalResultTypes = "inconsistent-conditional-result-types", "Inconsistent conditional result types", "The true and false results of a conditional expression have incompatible types.";
    InvalidOperand = "invalid-operand", "Invalid operand", "An operator is applied to a value of a type it does not accept.";
    OperationFailed = "operation-failed", "Operation failed", "An arithmetic or comparison operation fails on the given values.";
    ResultTooLarge = "result-too-large", "Result too large", "A template produces a string longer than the analyzer evaluates.";
    InvalidTemplateInterpolationValue = "invalid-template-interpolation-value", "Invalid template interpolation value", "A template interpolates null or a value that cannot be converted to a string.";
    UnknownVariable = "unknown-variable", "Unknown variable", "An expression refers to a name that is not defined where it is evaluated.";
    VariablesNotAllowed = "variables-not-allowed", "Variables not allowed", "An expression refers to a variable or other object where only constant values are allowed.";
    EvaluationTooExpensive = "evaluation-too-expensive", "Evaluation too expensive", "An expression takes more steps to evaluate than the analyzer allows.";
    InvalidOptionalAttributeDefault = "invalid-optional-attribute-default", "Invalid default value for optional attribute", "An optional() attribute's default value does not match the attribute's type.";
    InvalidLegacyVariableTypeHint = "invalid-legacy-variable-type-hint", "Invalid legacy variable type hint", "A type constraint is a quoted string; remove the quotes and write the type expression directly.";
    InvalidQuotedTypeConstraints = "invalid-quoted-type-constraints", "Invalid quoted type constraints", "A type constraint uses the removed quoted form, such as \"string\" or \"list\".";
    MissingMapElement = "missing-map-element", "Missing map element", "A map is indexed with a key that it does not contain.";
    AttemptToGetAttributeFromNullValue = "attempt-to-get-attribute-from-null-value", "Attempt to get attribute from null value", "An expression reads an attribute of a null value.";
    AttemptToIndexNullValue = "attempt-to-index-null-value", "Attempt to index null value", "An expression indexes a null value.";
    UnknownFunctionNamespace = "unknown-function-namespace", "Unknown function namespace", "A function name has a namespace other than provider:: or core::.";
    CallToUnknownFunction = "call-to-unknown-function", "Call to unknown function", "A call names a function that does not exist.";
    UnknownFunctionProvider = "unknown-function-provider", "Unknown function provider", "A provider-defined function (provider::NAME::FN) names a provider that is not in the module's required_providers.";
    InvalidFunctionFormat = "invalid-function-format", "Invalid function format", "A provider function name is not of the form provider::<name>::<function>.";
    InvalidIndex = "invalid-index", "Invalid index", "An index is null, names no element of the collection, or is applied to a set or other unindexable value.";
    UnsupportedAttribute = "unsupported-attribute", "Unsupported attribute", "An expression reads an attribute that the object does not have.";
    InvalidTypeSpecification = "invalid-type-specification", "Invalid type specification", "A type constraint is not a valid type expression.";
    ReferenceChainTooDeep = "reference-chain-too-deep", "Reference chain too deep", "A chain of local values or resources referring to each other is longer than the analyzer evaluates.";
    SelfReferencingLocalValue = "self-referencing-local-value", "Self-referencing local value", "A local value refers to itself in its own expression.";
    EphemeralValueUsedInNonEphemeralContext = "ephemeral-value-used-in-non-ephemeral-context", "Ephemeral value used in non-ephemeral context", "A resource attribute that is neither ephemeral nor write-only is set from an ephemeral value.";
    DeprecatedValue = "deprecated-value", "Value derived from a deprecated source", "A value is derived from something marked deprecated, such as a deprecated module output.";
    OutputRefersToSensitiveValues = "output-refers-to-sensitive-values", "Output refers to sensitive values", "A root module output contains sensitive values but is not marked sensitive = true.";
    OutputDoesNotAllowEphemeralValue = "output-does-not-allow-ephemeral-value", "Output does not allow ephemeral value", "An output's value is ephemeral, but the output is not declared ephemeral = true.";
    InvalidOutputConfiguration = "invalid-output-configuration", "Invalid output configuration", "A root module output is declared ephemeral, which only child module outputs may be.";
    InvalidValueForVariable = "invalid-value-for-variable", "Invalid value for variable", "A variable's value fails one of the variable's validation rules.";
    ErrorMessageRefersToEphemeralValues = "error-message-refers-to-ephemeral-values", "Error message refers to ephemeral values", "A validation error_message refers to ephemeral values, so OpenTofu will not display it.";
    ErrorMessageRefersToSensitiveValues = "error-message-refers-to-sensitive-values", "Error message refers to sensitive values", "A validation error_message refers to sensitive values, so OpenTofu will not display it.";
    InvalidErrorMessage = "invalid-error-message", "Invalid error message", "A validation error_message is not a string or is not known until apply.";
    InvalidVariableValidationResult = "invalid-variable-validation-result", "Invalid variable validation result", "A variable validation condition produces null or a value that is not a boolean.";
    RequiredVariableNotSet = "required-variable-not-set", "Required variable not set", "A required variable is not set, or is set to null although it is not nullable.";
    InvalidValueForInputVariable = "invalid-value-for-input-variable", "Invalid value for input variable", "A value given for a variable does not match the variable's type constraint.";
    VariableDoesNotAllowEphemeralValue = "variable-does-not-allow-ephemeral-value", "Variable does not allow ephemeral value", "A variable is given an ephemeral value but is not declared ephemeral = true.";
    NoValueForRequiredVariable = "no-value-for-required-variable", "No value for required variable", "A root module variable has no default and no value is given for it.";
    DeprecatedVariable = "deprecated-variable", "Variable marked as deprecated by the module author", "A module call sets a variable that the module's author marked as deprecated.";
    DeprecatedRootVariable = "deprecated-root-variable", "Deprecated variable used from the root module", "A value is given for a root module variable that is marked as deprecated.";
    InvalidImportConfiguration = "invalid-import-configuration", "Invalid import configuration", "An import block appears in a child module; import blocks are allowed only in the root module.";
    BackendConfigurationIgnored = "backend-configuration-ignored", "Backend configuration ignored", "A child module has a backend configuration, which OpenTofu ignores outside the root module.";
    UnreadableModuleDirectory = "unreadable-module-directory", "Unreadable module directory", "A local module source names a directory that does not exist or cannot be read.";
    RecursiveModuleCall = "recursive-module-call", "Recursive module call", "A module calls itself, directly or through other modules, so the module tree would never end.";
    UnsupportedOverride = "unsupported-override", "Unsupported override", "An override file overrides depends_on, which cannot be overridden.";
    CannotOverrideRemovedBlocks = "cannot-override-removed-blocks", "Cannot override 'Removed' blocks", "A removed block appears in an override file; it belongs in a normal configuration file.";
    CannotOverrideImportBlocks = "cannot-override-import-blocks", "Cannot override 'import' blocks", "An import block appears in an override file; it belongs in a normal configuration file.";
    CannotOverrideMovedBlocks = "cannot-override-moved-blocks", "Cannot override 'moved' blocks", "A moved block appears in an override file; it belongs in a normal configuration file.";
    MissingModuleCallToOverride = "missing-module-call-to-override", "Missing module call to override", "An override file overrides a module call that no primary configuration file defines.";
    MissingOutputToOverride = "missing-output-to-override", "Missing base output definition to override", "An override file overrides an output that no primary configuration file defines.";
    MissingLocalToOverride = "missing-local-to-override", "Missing base local value definition to override", "An override file overrides a local value that no primary configuration file defines.";
    MissingVariableToOverride = "missing-variable-to-override", "Missing base variable declaration to override", "An override file overrides a variable that no primary configuration file declares.";
    DuplicateEncryptionConfiguration = "duplicate-encryption-configuration", "Duplicate encryption configuration", "A module, or one override file, has more than one encryption block.";
    MissingProviderToOverride = "missing-provider-to-override", "Missing base provider configuration for override", "An override file overrides an aliased provider configuration that no primary file defines.";
    DuplicateCloudConfigurations = "duplicate-cloud-configurations", "Duplicate cloud configurations", "A module, or one override file, has more than one cloud block.";
    DuplicateBackendConfiguration = "duplicate-backend-configuration", "Duplicate backend configuration", "A module, or one override file, has more than one backend block.";
    InvalidDependsOnReference = "invalid-depends-on-reference", "Invalid depends_on reference", "A depends_on entry refers to an attribute instead of a whole resource, module or other object.";
    VariableDeclarationInTfvarsFile = "variable-declaration-in-tfvars-file", "Variable declaration in .tfvars file", "A .tfvars file contains a variable block; it should assign values with name = value instead.";
    DuplicateProviderMetaBlock = "duplicate-provider-meta-block", "Duplicate provider_meta block", "A module has more than one provider_meta block for the same provider.";
    ConflictingBackendAndCloud = "conflicting-backend-and-cloud", "Both a backend and a cloud configuration are present", "A module has both a backend block and a cloud block; only one may be used.";
    UnsuitableValueType = "unsuitable-value-type", "Unsuitable value type", "An argument's value cannot be converted to the type the argument requires.";
    ObjectAttributeIsIgnored = "object-attribute-is-ignored", "Object attribute is ignored", "An object sets an attribute that its target type does not have, so the attribute is dropped.";
    ModuleNotInstalled = "module-not-installed", "Module not installed", "A called module is not installed (run tofu init), so it is not analysed and its outputs are unchecked.";
    ZeroAssertBlocks = "zero-assert-blocks", "Zero assert blocks", "A check block has no assert block.";
    MultipleDataResourceBlocks = "multiple-data-resource-blocks", "Multiple data resource blocks", "A check block has more than one scoped data block.";
    CannotOverrideCheckBlocks = "cannot-override-check-blocks", "Can't override check blocks", "A check block appears in an override file, which cannot override check blocks.";
    RemovedBlockProvisionersNotExecuted = "removed-block-provisioners-not-executed", "Removed block provisioners will not be executed", "A removed block that forgets its resource (destroy = false) has provisioners, which will not run.";
    MissingLifecycleFromTheRemovedBlock = "missing-lifecycle-from-the-removed-block", "Missing lifecycle from the removed block", "A removed block has no lifecycle block saying whether to destroy the resource or only forget it.";
    InvalidRemovedBlock = "invalid-removed-block", "Invalid \"removed\" block", "A removed block that targets a module contains provisioners, which only resource targets may have.";
    InvalidRemovedProvisionerBlock = "invalid-removed-provisioner-block", "Invalid \"removed.provisioner\" block", "A provisioner in a removed block is not a destroy-time provisioner (when = destroy).";
    ConflictingImportArguments = "conflicting-import-arguments", "Conflicting import arguments", "An import block sets both id and identity; only one may be used.";
    MissingRequiredImportArgument = "missing-required-import-argument", "Missing required import argument", "An import block sets neither id nor identity.";
    InvalidImportProviderArgument = "invalid-import-provider-argument", "Invalid import provider argument", "An import block into a resource inside a child module sets provider, which is not allowed there.";
    InvalidImportAddressExpression = "invalid-import-address-expression", "Invalid import address expression", "An import block's to address is not a resource address with only index keys as expressions.";
    InvalidMovedAddresses = "invalid-moved-addresses", "Invalid \"moved\" addresses", "A moved block's from and to addresses are not both resources or both modules.";
    InvalidMovedAddress = "invalid-moved-address", "Invalid \"moved\" address", "A moved block's from or to address refers to an object that cannot be moved, such as an ephemeral resource.";
    QuotedReferencesAreDeprecated = "quoted-references-are-deprecated", "Quoted references are deprecated", "A reference is written in quotes, a deprecated pre-0.12 form; remove the quotes.";
    QuotedKeywordsAreDeprecated = "quoted-keywords-are-deprecated", "Quoted keywords are deprecated", "A keyword is written in quotes, a deprecated pre-0.12 form; remove the quotes.";
    DuplicateProviderAddress = "duplicate-provider-address", "Duplicate provider address", "A module call's providers argument assigns the same child provider configuration twice.";
    ReservedBlockTypeNameInModuleBlock = "reserved-block-type-name-in-module-block", "Reserved block type name in module block", "A module block contains a nested block whose type name is reserved for future use.";
    PostconditionsAreNotAllowed = "postconditions-are-not-allowed", "Postconditions are not allowed", "An output block has a postcondition; outputs can only have preconditions.";
    InvalidDeprecatedAttribute = "invalid-deprecated-attribute", "Invalid `deprecated` attribute", "An output's deprecated argument is empty; it should say how to migrate away from the output.";
    InvalidVariableValidationCondition = "invalid-variable-validation-condition", "Invalid variable validation condition", "A variable validation condition does not refer to the variable it validates.";
    InvalidDefaultValueForVariable = "invalid-default-value-for-variable", "Invalid default value for variable", "A variable's default does not match its type, or is null although the variable is not nullable.";
    InvalidDeprecatedValue = "invalid-deprecated-value", "Invalid `deprecated` value", "A variable's deprecated argument is empty; it should say how to migrate away from the variable.";
    InvalidVariableName = "invalid-variable-name", "Invalid variable name", "A variable name is not a valid identifier or is reserved for module blocks, such as count or source.";
    ReservedBlockTypeNameInProviderBlock = "reserved-block-type-name-in-provider-block", "Reserved block type name in provider block", "A provider block contains a nested block whose type name is reserved for future use.";
    ReservedArgumentNameInProviderBlock = "reserved-argument-name-in-provider-block", "Reserved argument name in provider block", "A provider block sets an argument whose name is reserved for future use.";
    AliasRequiredWhenUsingForEach = "alias-required-when-using-for-each", "Alias required when using \"for_each\"", "A provider block uses for_each without an alias.";
    DeprecatedVersionInProviderBlock = "deprecated-version-in-provider-block", "Version constraints inside provider configuration blocks are deprecated", "A provider block sets version, which is deprecated; put the constraint in required_providers.";
    InvalidProviderConfigurationAlias = "invalid-provider-configuration-alias", "Invalid provider configuration alias", "A provider configuration's alias is not a valid name.";
    ExpectedStringExpression = "expected-string-expression", "Expected string expression", "In a JSON configuration file, a value that must be a string holding an expression is not a string.";
    InvalidProviderLocalName = "invalid-provider-local-name", "Invalid provider local name", "A provider local name is invalid or not in normalized (lowercase) form.";
    InvalidReferenceFromDestroyProvisioner = "invalid-reference-from-destroy-provisioner", "Invalid reference from destroy provisioner", "A destroy-time provisioner refers to something other than self, count.index or each.key.";
    ReservedBlockTypeNameInProvisionerBlock = "reserved-block-type-name-in-provisioner-block", "Reserved block type name in provisioner block", "A provisioner block contains a nested block whose type name is reserved for future use.";
    InvalidOnFailureKeyword = "invalid-on-failure-keyword", "Invalid \"on_failure\" keyword", "A provisioner's on_failure is not continue or fail.";
    InvalidWhenKeyword = "invalid-when-keyword", "Invalid \"when\" keyword", "A provisioner's when is not create or destroy.";
    InvalidReplaceTriggeredBy = "invalid-replace-triggered-by", "Invalid replace_triggered_by expression", "A replace_triggered_by entry refers to no resource, or to more than one.";
    InvalidReferenceInReplaceTriggeredBy = "invalid-reference-in-replace-triggered-by", "Invalid reference in replace_triggered_by expression", "A replace_triggered_by entry refers to something other than a resource, count.index or each.key.";
    InvalidCountInReplaceTriggeredBy = "invalid-count-in-replace-triggered-by", "Invalid count reference in replace_triggered_by expression", "A replace_triggered_by entry uses a count attribute other than count.index.";
    InvalidEachInReplaceTriggeredBy = "invalid-each-in-replace-triggered-by", "Invalid each reference in replace_triggered_by expression", "A replace_triggered_by entry uses an each attribute other than each.key.";
    InvalidIgnoreChangesRuleset = "invalid-ignore-changes-ruleset", "Invalid ignore_changes ruleset", "An ignore_changes list mixes the \"*\" wildcard with attribute references.";
    InvalidIgnoreChangesWildcard = "invalid-ignore-changes-wildcard", "Invalid ignore_changes wildcard", "An ignore_changes uses the removed [\"*\"] form; write ignore_changes = all instead.";
    InvalidEphemeralResourceBlock = "invalid-ephemeral-resource-block", "Invalid configuration block for ephemeral resource", "An ephemeral resource contains a nested block that only managed resources accept.";
    InvalidEphemeralLifecycleArgument = "invalid-ephemeral-lifecycle-argument", "Invalid lifecycle configuration for ephemeral resource", "An ephemeral resource's lifecycle block sets an argument that only managed resources accept.";
    InvalidDataResourceLifecycleArgument = "invalid-data-resource-lifecycle-argument", "Invalid data resource lifecycle argument", "A data resource's lifecycle block sets an argument that only managed resources accept.";
    InvalidLifecycleBlock = "invalid-lifecycle-block", "Invalid lifecycle block", "A data block nested in a check block has a lifecycle block, which it cannot have.";
    InvalidVersionConstraint = "invalid-version-constraint", "Invalid version constraint", "A version constraint is not a valid constraint string, or a module's version is sensitive or ephemeral.";
    DuplicateRemoteDataSource = "duplicate-remote-data-source", "Duplicate remote_data_source", "The encryption block configures the same remote_state_data_source more than once.";
    InvalidConfigurationAliasesValue = "invalid-configuration-aliases-value", "Invalid configuration_aliases value", "A configuration_aliases entry is not a reference of the form <provider>.<alias> to this provider.";
    InvalidAttribute = "invalid-attribute", "Invalid Attribute", "A required_providers entry has an attribute value of the wrong type.";
    InvalidRequiredProvidersObject = "invalid-required-providers-object", "Invalid required_providers object", "A required_providers entry is not a string or object, or sets attributes other than the allowed ones.";
    InvalidSource = "invalid-source", "Invalid source", "A required_providers entry's source is not a string.";
    InvalidProviderName = "invalid-provider-name", "Invalid provider name", "A required_providers entry's local name is not a valid provider name.";
    UnknownExperimentKeyword = "unknown-experiment-keyword", "Unknown experiment keyword", "The experiments argument names an experiment that does not exist.";
    InvalidExperimentKeyword = "invalid-experiment-keyword", "Invalid experiment keyword", "An experiments entry is not a bare experiment keyword.";
    UnsupportedLanguageEdition = "unsupported-language-edition", "Unsupported language edition", "The language edition setting asks for an edition that this OpenTofu version does not support.";
    InvalidLanguageEdition = "invalid-language-edition", "Invalid language edition", "The language edition setting is not a bare edition keyword.";
    IneffectiveVersionConstraint = "ineffective-version-constraint", "Ineffective version constraint", "A compatible_with constraint does not exclude OpenTofu versions older than the block itself.";
    DuplicateCompatibleWithBlock = "duplicate-compatible-with-block", "Duplicate compatible_with block", "A language block has more than one compatible_with block for OpenTofu.";
    LanguageSelectionsInOverrideFile = "language-selections-in-override-file", "Language selections in override file", "A language block appears in an override file; it belongs in a normal configuration file.";
    InvalidRequiredVersionConstraint = "invalid-required-version-constraint", "Invalid required_version constraint", "A required_version constraint names a prerelease version, which is not supported.";
    InvalidRequiredProvidersBlock = "invalid-required-providers-block", "Invalid required_providers block", "A required_providers block appears outside a terraform block.";
    IncompatibleModule = "incompatible-module", "Incompatible module", "A module's required_version excludes the OpenTofu version the analyzer checks against.";
    DuplicateKeyProvider = "duplicate-key-provider", "Duplicate key_provider", "The encryption block defines two key_provider blocks with the same type and name.";
    DuplicateMethod = "duplicate-method", "Duplicate method", "The encryption block defines two method blocks with the same type and name.";
    InvalidEncryptionName = "invalid-encryption-name", "The provided name is invalid", "An encryption key_provider, method or other name has characters other than letters, digits, _ and -.";
    InvalidCombinationOfArguments = "invalid-combination-of-arguments", "Invalid combination of arguments", "A block sets mutually exclusive meta-arguments, such as both count and for_each.";
    InvalidMetaArgument = "invalid-meta-argument", "Invalid meta-argument", "A data block nested in a check block sets a meta-argument it cannot have, such as count or for_each.";
    ReservedBlockTypeName = "reserved-block-type-name", "Reserved block type name", "A resource or similar block contains a nested block whose type name is reserved for future use.";
    InvalidSelfReference = "invalid-self-reference", "Invalid reference in block", "A resource, data or other block refers to itself in its own configuration.";
    RemovedProvisioner = "removed-provisioner", "The provisioner has been removed", "A provisioner type is used that has been removed from OpenTofu, such as chef or puppet.";
    CannotOverrideBlocks = "cannot-override-blocks", "Can't override blocks", "An override file contains a precondition, postcondition or similar block, which cannot be overridden.";
    InvalidCheckRuleExpression = "invalid-check-rule-expression", "Invalid rule expression", "A condition refers to nothing elsewhere in the configuration, so it checks nothing.";
    DuplicateBlock = "duplicate-block", "Duplicate block", "A block that may appear only once appears twice, such as state in the encryption block or a nested block a provider's schema allows once.";
    MissingBlock = "missing-block", "Missing block", "A block does not contain a nested block that its provider's schema requires exactly one of.";
    InsufficientBlocks = "insufficient-blocks", "Insufficient blocks", "A block contains fewer nested blocks of a type than its provider's schema requires (min_items).";
    TooManyBlocks = "too-many-blocks", "Too many blocks", "A block contains more nested blocks of a type than its provider's schema allows (max_items).";
    InvalidResourceType = "invalid-resource-type", "Invalid resource type", "A resource's type is not one that its provider's schema has.";
    InvalidDataSource = "invalid-data-source", "Invalid data source", "A data block's type is not a data source that its provider's schema has.";
    InvalidEphemeralResource = "invalid-ephemeral-resource", "Invalid ephemeral resource", "An ephemeral block's type is not an ephemeral resource that its provider's schema has.";
    DeprecatedArgument = "deprecated-argument", "Argument is deprecated", "A resource or provider block sets an argument or nested block that its provider's schema marks as deprecated.";
    InvalidReference = "invalid-reference", "Invalid reference", "A reference uses a special object such as data or module without naming one of its attributes.";
    ReservedSymbolName = "reserved-symbol-name", "Reserved symbol name", "A reference starts with a name reserved for future use; prefix resource. to mean a resource type.";
    InvalidCheckBlockName = "invalid-check-block-name", "Invalid check block name", "A check block's name is not a valid identifier.";
    DuplicateLifecycleBlock = "duplicate-lifecycle-block", "Duplicate lifecycle block", "A block has more than one lifecycle block.";
    InvalidAddress = "invalid-address", "Invalid address", "An address in a removed, import or similar block is malformed, such as a resource without a name.";
    EphemeralResourceAddressNotAllowed = "ephemeral-resource-address-not-allowed", "Ephemeral resource address is not allowed", "A removed block targets an ephemeral resource, which has no state to remove.";
    DataSourceAddressNotAllowed = "data-source-address-not-allowed", "Data source address is not allowed", "A removed block targets a data source, which cannot be destroyed.";
    ResourceInstanceAddressNotAllowed = "resource-instance-address-not-allowed", "Resource instance address with keys is not allowed", "A removed block targets one resource instance (with an index key) instead of the whole resource.";
    InvalidAddressOperator = "invalid-address-operator", "Invalid address operator", "A module address prefix is not followed by a dot and a module name.";
    ModuleInstanceAddressNotAllowed = "module-instance-address-not-allowed", "Module instance address with keys is not allowed", "A removed block targets one module instance (with an index key) instead of the whole module.";
    ModuleAddressExpected = "module-address-expected", "Module address expected", "An override_module target in a test file names something other than a module.";
    InvalidRunBlockName = "invalid-run-block-name", "Invalid run block name", "A run block of a test file has a name that is not a valid identifier.";
    MultipleVariablesBlocks = "multiple-variables-blocks", "Multiple \"variables\" blocks", "A test file, or a run block in one, has more than one variables block.";
    MultiplePlanOptionsBlocks = "multiple-plan-options-blocks", "Multiple \"plan_options\" blocks", "A run block of a test file has more than one plan_options block.";
    MultipleModuleBlocks = "multiple-module-blocks", "Multiple \"module\" blocks", "A run block of a test file has more than one module block.";
    InvalidCommandKeyword = "invalid-command-keyword", "Invalid \"command\" keyword", "A run block's command is not one of the keywords apply or plan.";
    InvalidModeKeyword = "invalid-mode-keyword", "Invalid \"mode\" keyword", "A run block's plan_options mode is not one of the keywords normal or refresh-only.";
    IncompatiblePlanOptions = "incompatible-plan-options", "Incompatible plan options", "A run block's plan_options turn refresh off in refresh-only mode.";
    MissingSourceForTestModule = "missing-source-for-test-module", "Missing \"source\" attribute for module block", "A run block's module block has no source argument.";
    InvalidMockProviderAlias = "invalid-mock-provider-alias", "Invalid mock provider configuration alias", "A mock_provider block's alias is not a valid name.";
    DuplicatedTestBlock = "duplicated-test-block", "Duplicated `override_resource` block", "A test file repeats a mock_provider, mock_resource, mock_data or override block for the same address.";
    ObjectExpected = "object-expected", "Object expected", "A test file's override or mock values, outputs or defaults are not an object.";
    InvalidExpectFailuresReference = "invalid-expect-failures-reference", "Invalid `expect_failures` reference", "A run block expects failures from something that has no custom conditions to fail, such as a local value.";
    DuplicateEscapingBlock = "duplicate-escaping-block", "Duplicate escaping block", "A block has more than one _ escaping block.";
    InvalidModuleInstanceName = "invalid-module-instance-name", "Invalid module instance name", "A module call's name is not a valid identifier.";
    InvalidOutputName = "invalid-output-name", "Invalid output name", "An output's name is not a valid identifier.";
    InvalidLocalValueName = "invalid-local-value-name", "Invalid local value name", "A local value's name is not a valid identifier.";
    DuplicateConnectionBlock = "duplicate-connection-block", "Duplicate connection block", "A resource or provisioner has more than one connection block.";
    InvalidForEachArgument = "invalid-for-each-argument", "Invalid for_each argument", "A for_each value is not a map or set of strings, or is not known until apply.";
    IncorrectValueType = "incorrect-value-type", "Incorrect value type", "A count value cannot be converted to a number.";
    InvalidCountArgument = "invalid-count-argument", "Invalid count argument", "A count value is not a whole number from zero, or is not known until apply.";
    MissingDynamicContentBlock = "missing-dynamic-content-block", "Missing dynamic content block", "A dynamic block has no content block.";
    ExtraneousDynamicContentBlock = "extraneous-dynamic-content-block", "Extraneous dynamic content block", "A dynamic block has more than one content block.";
    InvalidDynamicIteratorName = "invalid-dynamic-iterator-name", "Invalid dynamic iterator name", "A dynamic block's iterator is not a single variable name.";
    InvalidDynamicForEachValue = "invalid-dynamic-for-each-value", "Invalid dynamic for_each value", "A dynamic block's for_each value is null or not an iterable collection.";
    RedundantEmptyProviderBlock = "redundant-empty-provider-block", "Redundant empty provider block", "A child module declares an empty provider block; declare it in required_providers instead.";
    ProviderTypeMismatch = "provider-type-mismatch", "Provider type mismatch", "A module call passes a provider configuration of one type for a provider of another type.";
    ReferenceToUndefinedProvider = "reference-to-undefined-provider", "Reference to undefined provider", "A module call passes a provider under a local name not declared in required_providers.";
    MissingRequiredProviderConfiguration = "missing-required-provider-configuration", "Missing required provider configuration", "A module call does not pass a provider configuration that the child module requires.";
    CannotOverrideProviderConfiguration = "cannot-override-provider-configuration", "Cannot override provider configuration", "A module call passes a provider configuration that the child module defines locally itself.";
    ModuleIncompatibleWithExpansion = "module-incompatible-with-expansion", "Module is incompatible with count, for_each, enabled and depends_on", "A module with its own provider blocks is called with count, for_each, enabled or depends_on.";
    InvalidModuleProviderConfiguration = "invalid-module-provider-configuration", "Invalid module provider configuration", "A module call's providers argument has an instance key on the child provider name.";
    DuplicateRequiredProvider = "duplicate-required-provider", "Duplicate required provider", "The same provider is required under conflicting local names.";
    InvalidProviderConfigurationReference = "invalid-provider-configuration-reference", "Invalid provider configuration reference", "A provider reference is not a provider name optionally followed by a dot and an alias.";
    Cycle = "cycle", "Cycle", "Objects in the configuration depend on each other in a cycle.";
    InvalidVarOption = "invalid-var-option", "Invalid -var option", "A -var option is not of the form name=value.";
    ValuesForUndeclaredVariables = "values-for-undeclared-variables", "Values for undeclared variables", "Further values are given for variables the root module does not declare.";
    ValueForUndeclaredVariable = "value-for-undeclared-variable", "Value for undeclared variable", "A value is given for a variable that the root module does not declare.";
    FailedToReadVariablesFile = "failed-to-read-variables-file", "Failed to read variables file", "A variables file does not exist or cannot be read.";
    UnableToComputeStaticValue = "unable-to-compute-static-value", "Unable to compute static value", "A value needed during static evaluation depends on another that is not available.";
    ProviderFunctionInStaticContext = "provider-function-in-static-context", "Provider function in static context", "A provider function is called where only statically known values may be used.";
    InvalidPathAttribute = "invalid-path-attribute", "Invalid \"path\" attribute", "An expression reads an attribute of path other than module, root or cwd.";
    UnableToUseVariableInStaticContext = "unable-to-use-variable-in-static-context", "Unable to use variable in static context", "A variable declared const = false is used where a statically known value is required.";
    UndefinedVariable = "undefined-variable", "Undefined variable", "A statically evaluated expression refers to a variable that is not declared.";
    CircularReference = "circular-reference", "Circular reference", "A local value needed during static evaluation refers to itself, directly or indirectly.";
    UndefinedLocal = "undefined-local", "Undefined local", "A statically evaluated expression refers to a local value that is not defined.";
    MissingRequiredVariableInModuleCall = "missing-required-variable-in-module-call", "Missing required variable in module call", "A module call does not set a required variable that static evaluation needs.";
    InvalidAttributeInStaticContext = "invalid-attribute-in-static-context", "Invalid attribute in static context", "An attribute such as terraform.applying is used where a statically known value is required.";
    SensitiveValueNotAllowed = "sensitive-value-not-allowed", "Sensitive value not allowed", "A sensitive value is used for a module's source or version.";
    EphemeralValueNotAllowed = "ephemeral-value-not-allowed", "Ephemeral value not allowed", "An ephemeral value is used for a module's source or version.";
    InvalidModuleSourceAddress = "invalid-module-source-address", "Invalid module source address", "A module source is not a valid source address.";
    InvalidRegistryModuleSourceAddress = "invalid-registry-module-source-address", "Invalid registry module source address", "A module source is not a valid registry address, although a version is set.";
    InvalidProviderSourceString = "invalid-provider-source-string", "Invalid provider source string", "A provider source is not of the form [hostname/][namespace/]name.";
    InvalidProviderType = "invalid-provider-type", "Invalid provider type", "A provider source's type part is invalid.";
    InvalidProviderNamespace = "invalid-provider-namespace", "Invalid provider namespace", "A provider source's namespace part is invalid.";
    InvalidProviderSourceHostname = "invalid-provider-source-hostname", "Invalid provider source hostname", "A provider source's hostname part is invalid.";
    UndeclaredVariable = "undeclared-variable", "Reference to undeclared input variable", "An expression refers to an input variable that the module does not declare.";
    UndeclaredLocal = "undeclared-local", "Reference to undeclared local value", "An expression refers to a local value that the module does not define.";
    UndeclaredModule = "undeclared-module", "Reference to undeclared module", "An expression refers to a module call that the module does not define.";
    UndeclaredResource = "undeclared-resource", "Reference to undeclared resource", "An expression refers to a resource or data source that the module does not define.";
    UnexpectedResourceInstanceKey = "unexpected-resource-instance-key", "Unexpected resource instance key", "A reference indexes a resource that has neither count nor for_each.";
    MissingResourceInstanceKey = "missing-resource-instance-key", "Missing resource instance key", "A reference reads an attribute of a resource with count or for_each without choosing an instance.";
    InvalidResourceCountAttribute = "invalid-resource-count-attribute", "Invalid resource count attribute", "A reference uses a resource's count attribute, removed in v0.12; use length() instead.";
    ReferenceToScopedResource = "reference-to-scoped-resource", "Reference to scoped resource", "An expression refers to a data resource that is scoped to a check block from outside it.";
    ModuleOutputInStaticContext = "module-output-in-static-context", "Module output not supported in static context", "A module output is used where a statically known value is required.";
    DynamicValueInStaticContext = "dynamic-value-in-static-context", "Dynamic value in static context", "A value known only at plan or apply time is used where a statically known value is required.";
    InvalidEphemeralResourceTypeName = "invalid-ephemeral-resource-type-name", "Invalid ephemeral resource type name", "An ephemeral resource's type label is not a valid identifier.";
    InvalidDataSourceName = "invalid-data-source-name", "Invalid data source name", "A data block's type label is not a valid identifier.";
    InvalidResourceTypeName = "invalid-resource-type-name", "Invalid resource type name", "A resource's type label is not a valid identifier.";
    InvalidTerraformAttribute = "invalid-terraform-attribute", "Invalid \"terraform\" attribute", "An expression reads an attribute of the terraform object other than workspace or applying.";
    InvalidProviderConfiguration = "invalid-provider-configuration", "Invalid provider configuration", "A provider reference has an instance key, but the configuration has no alias and for_each.";
    DuplicateVariableDeclaration = "duplicate-variable-declaration", "Duplicate variable declaration", "Two variable blocks in a module have the same name.";
    DuplicateLocalValueDefinition = "duplicate-local-value-definition", "Duplicate local value definition", "Two local values in a module have the same name.";
    DuplicateOutputDefinition = "duplicate-output-definition", "Duplicate output definition", "Two output blocks in a module have the same name.";
    DuplicateModuleCall = "duplicate-module-call", "Duplicate module call", "Two module blocks in a module have the same name.";
    DuplicateResourceConfiguration = "duplicate-resource-configuration", "Duplicate resource configuration", "Two resource blocks in a module have the same type and name.";
    DuplicateDataConfiguration = "duplicate-data-configuration", "Duplicate data configuration", "Two data blocks in a module, including inside check blocks, have the same type and name.";
    DuplicateEphemeralConfiguration = "duplicate-ephemeral-configuration", "Duplicate ephemeral configuration", "Two ephemeral blocks in a module have the same type and name.";
    DuplicateProviderConfiguration = "duplicate-provider-configuration", "Duplicate provider configuration", "Two provider blocks for the same provider have the same alias, or both have none.";
    DuplicateCheckConfiguration = "duplicate-check-configuration", "Duplicate check configuration", "Two check blocks in a module have the same name.";
    InvalidEphemeralResourceName = "invalid-ephemeral-resource-name", "Invalid ephemeral resource name", "An ephemeral resource's name label is not a valid identifier.";
    InvalidDataResourceName = "invalid-data-resource-name", "Invalid data resource name", "A data block's name label is not a valid identifier.";
    InvalidResourceName = "invalid-resource-name", "Invalid resource name", "A resource's name label is not a valid identifier.";
    InvalidEachAttribute = "invalid-each-attribute", "Invalid \"each\" attribute", "A reference uses an attribute of each other than each.key or each.value.";
    EachReferenceWithoutForEach = "each-reference-without-for-each", "Reference to \"each\" in context without for_each", "A reference to each appears in a block that does not set for_each.";
    EachValueCannotBeUsedInThisContext = "each-value-cannot-be-used-in-this-context", "each.value cannot be used in this context", "A reference to each.value appears where each.value is not available.";
    InvalidCountAttribute = "invalid-count-attribute", "Invalid \"count\" attribute", "A reference uses an attribute of count other than count.index.";
    CountReferenceWithoutCount = "count-reference-without-count", "Reference to \"count\" in non-counted context", "A reference to count appears in a block that does not set count.";
    DuplicateRequiredProvidersBlock = "duplicate-required-providers-block", "Duplicate required providers configuration", "A module has more than one required_providers block.";
    InvalidSelfObject = "invalid-self-object", "Invalid \"self\" reference", "The self object is used outside provisioner, connection and postcondition blocks.";
    BackendConfigContainsMarkedValues = "backend-config-contains-marked-values", "Backend config contains sensitive values", "A backend configuration contains sensitive or ephemeral values, which are stored in state and plans.";
    FailedToRequestInput = "failed-to-request-input", "Failed to request input from user", "A root module variable needed by static evaluation has no value or default, so OpenTofu would prompt.";
    MissingResourceToOverride = "missing-resource-to-override", "Missing resource to override", "An override file overrides a resource that no primary configuration file defines.";
    MissingDataResourceToOverride = "missing-data-resource-to-override", "Missing data resource to override", "An override file overrides a data resource that no primary configuration file defines.";
    MissingEphemeralResourceToOverride = "missing-ephemeral-resource-to-override", "Missing ephemeral resource to override", "An override file overrides an ephemeral resource that no primary configuration file defines.";

    NoConfigurationFiles = "no-configuration-files", "No configuration files", "The checked directory and its subdirectories contain no OpenTofu configuration files.";
    IgnoredFile = "ignored-file", "Ignored file", "A file is not loaded by OpenTofu because another file, such as a .tofu file of the same name, replaces it.";
    FailedToReadFile = "failed-to-read-file", "Failed to read file", "A file, or standard input for the formatter, could not be read, so it was not processed.";
    IncorrectAttributeValueType = "incorrect-attribute-value-type", "Incorrect attribute value type", "An argument's value does not convert to the type that its provider's schema (or, in .tofu-analyzer.hcl, the analyzer) requires.";
    InvalidGlob = "invalid-glob", "Invalid glob", "In .tofu-analyzer.hcl, an exclude pattern is not a valid glob.";
    UnreadableConfigurationFile = "unreadable-configuration-file", "Unreadable configuration file", "The analyzer's own configuration file, .tofu-analyzer.hcl, could not be read.";
    FailedToReadDirectory = "failed-to-read-directory", "Failed to read directory", "A directory could not be read, so the files in it were not checked.";
    NonUtf8FileName = "non-utf8-file-name", "Skipped a name that is not UTF-8", "A file or directory was not checked because its name is not valid UTF-8.";
    UnreadableModuleManifest = "unreadable-module-manifest", "Unreadable module manifest", "The .terraform/modules/modules.json manifest is not valid JSON, so installed modules are not analysed.";
    UnreadableProviderSchemas = "unreadable-provider-schemas", "Unreadable provider schemas", "A provider schemas file (--provider-schemas, or provider_schemas in .tofu-analyzer.hcl) could not be read or is not a `providers schema -json` document.";
    ProviderNotChecked = "provider-not-checked", "Provider not checked", "Provider schemas were given, but none describes a provider the configuration uses, so its resources were not checked against a schema.";
    InvalidCharacterEncoding = "invalid-character-encoding", "Invalid character encoding", "A file is not valid UTF-8.";
    WritingFormattedFileFailed = "writing-formatted-file-failed", "Writing formatted file failed", "The formatter could not write a formatted file back to disk.";
    FailedToOpenFile = "failed-to-open-file", "Failed to open file", "The formatter could not read a file it was given.";
    InvalidPath = "invalid-path", "Invalid path", "The formatter was given a directory that does not exist or cannot be read.";
    InvalidFileExtension = "invalid-file-extension", "Invalid file extension", "The formatter was given a file that is not a .tf, .tofu, .tfvars, .tftest.hcl or .tofutest.hcl file.";
    InvalidFileOrDirectoryPath = "invalid-file-or-directory-path", "Invalid file or directory path", "The formatter was given a path where there is no file or directory.";
    UnusedIgnore = "unused-ignore", "Unused ignore annotation", "A tofu-analyzer-ignore annotation lists a code that no diagnostic where it applies has.";
    UnknownCode = "unknown-code", "Unknown diagnostic code", "An ignore annotation or the configuration names a diagnostic code that does not exist.";
    DeprecatedInterpolation = "deprecated-interpolation", "Interpolation-only expression", "Lint: a string that is one interpolation and nothing else (\"${var.x}\"), the form OpenTofu no longer needs; write the expression alone.";
    DeprecatedIndex = "deprecated-index", "Legacy index syntax", "Lint: a legacy index (list.0) or legacy splat (list.*.id); write list[0] and list[*].id.";
    DeprecatedLookup = "deprecated-lookup", "Lookup without a default", "Lint: lookup with two arguments; write map[key], or give lookup a default.";
    EmptyListEquality = "empty-list-equality", "Comparison with an empty list", "Lint: a comparison with [] (a tuple), which is false for every list; compare length(...) with 0.";
    UnpinnedModuleSource = "unpinned-module-source", "Module source not pinned", "Lint: a Git or Mercurial module source without a ref, or with a default branch as its ref.";
    MissingModuleVersion = "missing-module-version", "Module version not set", "Lint: a registry module call without a version constraint.";
    MissingRequiredVersion = "missing-required-version", "Missing required_version", "Lint: a module without a terraform block's required_version.";
    MissingProviderRequirement = "missing-provider-requirement", "Missing provider requirement", "Lint: a provider the module uses has no required_providers entry with a source and a version constraint.";
    UntypedVariable = "untyped-variable", "Variable without a type", "Lint: a variable declaration without a type constraint.";
    UnusedDeclaration = "unused-declaration", "Unused declaration", "Lint: a variable, local value or data source that nothing in its module refers to.";
    UnusedRequiredProvider = "unused-required-provider", "Unused required provider", "Lint: a required_providers entry that no resource, provider configuration or module call of the module uses.";
    VariableNeverSet = "variable-never-set", "Variable no caller sets", "Lint: a variable of a called module that no call sets, so it always has its default: it could be a local value.";
    VariableAlwaysSame = "variable-always-same", "Variable every call sets alike", "Lint: a variable of a called module that every call (two or more) sets to the same constant: it could be its default, or a local value.";
    OutputNeverRead = "output-never-read", "Output no caller reads", "Lint: an output of a called module that no caller refers to.";
    ArgumentEqualsDefault = "argument-equals-default", "Argument equals the default", "Lint: a module call argument whose constant value is the called variable's default.";
    StaticVariableNotConst = "static-variable-not-const", "Variable used where a constant is expected", "Lint: a variable that a module source or version, a provider's for_each, or a backend reads (directly or through locals) without being declared `const = true`.";
    MisplacedIgnoreAnnotation = "misplaced-ignore-annotation", "Misplaced ignore annotation", "A tofu-analyzer-ignore-file annotation is not among the comments at the top of its file.";
}

#[cfg(test)]
mod tests {
    use super::Code;

    #[test]
    fn names_are_unique_kebab_case() {
        let mut seen = std::collections::HashSet::new();
        for code in Code::ALL {
            let name = code.name();
            assert!(seen.insert(name), "{name} is listed twice");
            assert!(
                !name.is_empty()
                    && !name.starts_with('-')
                    && !name.ends_with('-')
                    && !name.contains("--")
                    && name
                        .chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'),
                "{name} is not kebab case"
            );
            assert_eq!(Code::from_name(name), Some(*code));
            assert!(!code.description().is_empty(), "{name} has no description");
        }
    }
}
