// Go port of `encoding/csv.Reader`: OpenTofu shows its `parse error on line N, column M` texts; no crate here reads CSV.
//! `csvdecode`: cty's `stdlib.CSVDecodeFunc` over Go's `encoding/csv`
//! reader with its default settings.

use std::collections::BTreeMap;

use tofu_types::{Type, Value};

use super::super::{Function, FunctionError, Param};
use super::string_arg;

/// Most rows a result may have.
const MAX_ROWS: usize = crate::limits::MAX_COLLECTION_LENGTH;

/// Go's `csv.ParseError` kinds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ErrorKind {
    BareQuote,
    Quote,
    FieldCount,
}

#[derive(Debug, PartialEq)]
struct ParseError {
    line: usize,
    kind: ErrorKind,
}

impl ParseError {
    /// cty's `csvError` text.
    fn message(&self) -> String {
        let what = match self.kind {
            ErrorKind::BareQuote => "bare \" in non-quoted-field",
            ErrorKind::Quote => "extraneous or missing \" in quoted-field",
            ErrorKind::FieldCount => "wrong number of fields",
        };
        format!("CSV parse error on line {}: {what}", self.line)
    }
}

/// Go's `csv.Reader` with `,` as separator, no comments, strict quotes.
struct Reader<'a> {
    rest: &'a [u8],
    line: usize,
    fields_per_record: usize,
}

impl<'a> Reader<'a> {
    fn new(text: &'a str) -> Reader<'a> {
        Reader {
            rest: text.as_bytes(),
            line: 0,
            fields_per_record: 0,
        }
    }

    /// Go's `readLine`: the next line with its `\n` (`\r\n` becomes
    /// `\n`, a `\r` before the end of input is dropped); `None` at the end.
    fn read_line(&mut self) -> Option<Vec<u8>> {
        if self.rest.is_empty() {
            self.line += 1;
            return None;
        }
        let end = self
            .rest
            .iter()
            .position(|&c| c == b'\n')
            .map_or(self.rest.len(), |i| i + 1);
        let mut line = self.rest[..end].to_vec();
        self.rest = &self.rest[end..];
        if line.last() != Some(&b'\n') && line.last() == Some(&b'\r') {
            line.pop();
        }
        self.line += 1;
        let n = line.len();
        if n >= 2 && line[n - 2] == b'\r' && line[n - 1] == b'\n' {
            line.truncate(n - 1);
            line[n - 2] = b'\n';
        }
        Some(line)
    }

    /// Go's `readRecord`; `Ok(None)` at the end of input.
    fn read(&mut self) -> Result<Option<Vec<String>>, ParseError> {
        let mut line = loop {
            match self.read_line() {
                None => return Ok(None),
                Some(l) if l.is_empty() || l == b"\n" => continue,
                Some(l) => break l,
            }
        };
        let record_line = self.line;
        let mut fields: Vec<Vec<u8>> = Vec::new();
        let mut pos_line = self.line;
        // Start of the unread part of `line`.
        let mut p = 0;
        'fields: loop {
            let rest = &line[p..];
            if rest.first() != Some(&b'"') {
                let comma = rest.iter().position(|&c| c == b',');
                let newline = usize::from(rest.last() == Some(&b'\n'));
                let field = &rest[..comma.unwrap_or(rest.len() - newline)];
                if field.contains(&b'"') {
                    return Err(self.error(self.line, ErrorKind::BareQuote));
                }
                fields.push(field.to_vec());
                match comma {
                    Some(i) => {
                        p += i + 1;
                        continue 'fields;
                    }
                    None => break 'fields,
                }
            }
            // A quoted field, which may go on over several lines.
            let mut field = Vec::new();
            p += 1;
            loop {
                let rest = &line[p..];
                if let Some(i) = rest.iter().position(|&c| c == b'"') {
                    field.extend_from_slice(&rest[..i]);
                    p += i + 1;
                    match line.get(p) {
                        Some(b'"') => {
                            field.push(b'"');
                            p += 1;
                        }
                        Some(b',') => {
                            p += 1;
                            fields.push(field);
                            continue 'fields;
                        }
                        None | Some(b'\n') if line.len() - p <= 1 => {
                            fields.push(field);
                            break 'fields;
                        }
                        _ => return Err(self.error(self.line, ErrorKind::Quote)),
                    }
                } else if !rest.is_empty() {
                    field.extend_from_slice(rest);
                    p = 0;
                    line = match self.read_line() {
                        Some(next) => {
                            pos_line += usize::from(!next.is_empty());
                            next
                        }
                        None => Vec::new(),
                    };
                } else {
                    return Err(self.error(pos_line, ErrorKind::Quote));
                }
            }
        }
        if self.fields_per_record > 0 {
            if fields.len() != self.fields_per_record {
                return Err(self.error(record_line, ErrorKind::FieldCount));
            }
        } else {
            self.fields_per_record = fields.len();
        }
        Ok(Some(
            fields
                .into_iter()
                .map(|f| String::from_utf8_lossy(&f).into_owned())
                .collect(),
        ))
    }

    fn error(&self, line: usize, kind: ErrorKind) -> ParseError {
        ParseError { line, kind }
    }
}

/// The header row, checked as cty's type function checks it.
fn headers(reader: &mut Reader<'_>) -> Result<Vec<String>, FunctionError> {
    let headers = reader
        .read()
        .map_err(|e| FunctionError::call(e.message()))?
        .ok_or_else(|| FunctionError::call("missing header line"))?;
    let mut seen = std::collections::BTreeSet::new();
    for name in &headers {
        if !seen.insert(name.as_str()) {
            return Err(FunctionError::call(format!(
                "duplicate column name {}",
                tofu_syntax::quote::go_quote(name)
            )));
        }
    }
    Ok(headers)
}

fn row_type(headers: &[String]) -> Type {
    Type::object(headers.iter().map(|h| (h, Type::String)))
}

pub(super) fn csvdecode() -> Function {
    Function {
        name: "csvdecode",
        params: vec![Param::new("str", Type::String)],
        var_param: None,
        return_type: |_, args| {
            if !args[0].is_known() {
                return Ok(Type::Dynamic);
            }
            let mut reader = Reader::new(string_arg(args, 0)?);
            Ok(Type::list(row_type(&headers(&mut reader)?)))
        },
        implementation: |_, args, _| {
            let mut reader = Reader::new(string_arg(args, 0)?);
            let headers = headers(&mut reader)?;
            let mut rows = Vec::new();
            while let Some(record) = reader
                .read()
                .map_err(|e| FunctionError::call(e.message()))?
            {
                if rows.len() >= MAX_ROWS {
                    return Err(FunctionError::call(format!(
                        "the result would have more than {MAX_ROWS} rows"
                    )));
                }
                let attrs: BTreeMap<&str, Value> = headers
                    .iter()
                    .map(String::as_str)
                    .zip(record.into_iter().map(Value::string))
                    .collect();
                rows.push(Value::object(attrs));
            }
            if rows.is_empty() {
                return Ok(Value::list_empty(row_type(&headers)));
            }
            Ok(Value::list(rows))
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn records(text: &str) -> Result<Vec<Vec<String>>, ParseError> {
        let mut r = Reader::new(text);
        let mut out = Vec::new();
        while let Some(rec) = r.read()? {
            out.push(rec);
        }
        Ok(out)
    }

    #[test]
    fn reads_like_go() {
        assert_eq!(
            records("a,b\r\n\n\"x,\"\"y\",\"l1\r\nl2\"\n").unwrap(),
            vec![vec!["a", "b"], vec!["x,\"y", "l1\nl2"]]
        );
        assert_eq!(records("a,\n").unwrap(), vec![vec!["a", ""]]);
        assert_eq!(records("a\r").unwrap(), vec![vec!["a"]]);
    }

    #[test]
    fn go_error_lines() {
        let err = |s| records(s).unwrap_err();
        assert_eq!(err("a\n\"x").line, 2);
        assert_eq!(err("a\n\"x\ny").line, 3);
        assert_eq!(err("a\n\"x\"y").kind, ErrorKind::Quote);
        assert_eq!(err("a\nx\"y").kind, ErrorKind::BareQuote);
        assert_eq!(err("a,b\n1").kind, ErrorKind::FieldCount);
    }
}
