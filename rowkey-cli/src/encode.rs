//! `encode`: a key from `field=value` arguments, three ways.

use rowkey_core::dynamic;
use rowkey_core::Member;
use serde_json::json;

use crate::args::pairs;
use crate::json::FORMAT;
use crate::keytext::{b64, hex, shell};

/// The key of `field=value` arguments, after the member's tag: hex, base64
/// and the quoted HBase shell string, as text or one JSON object.
///
/// # Errors
/// A field missing, unknown or given twice, or a value that does not fit.
pub fn encode(member: &Member, args: &[String], json: bool) -> Result<String, String> {
    let values = pairs(args)?;
    let fields = dynamic::encode(member.layout, &values).map_err(|e| e.to_string())?;
    let key = [member.tag, &fields[..]].concat();
    Ok(if json {
        let doc =
            json!({"format": FORMAT, "hex": hex(&key), "b64": b64(&key), "shell": shell(&key)});
        format!("{doc}\n")
    } else {
        format!(
            "hex    {}\nb64    {}\nshell  {}\n",
            hex(&key),
            b64(&key),
            shell(&key)
        )
    })
}
