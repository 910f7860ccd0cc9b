// MathML in QTI items: the element and attribute names of the MathML 2 schema (QTI 2.1 imports
// it) and the MathML 3 schema (QTI 3.0), taken from the schemas the QTI schemas import.
#include "formats/qti/qti_mathml.h"

#include <algorithm>
#include <map>

#include "formats/qti/qti_html.h"
#include "xml/xml_tree.h"

namespace qbank::formats {
namespace {

using Version = QtiFormat::Version;

// The elements of both MathML 2 and MathML 3 (presentation and content markup), sorted.
constexpr std::string_view kElements[] = {
    "abs",
    "and",
    "annotation",
    "annotation-xml",
    "apply",
    "approx",
    "arccos",
    "arccosh",
    "arccot",
    "arccoth",
    "arccsc",
    "arccsch",
    "arcsec",
    "arcsech",
    "arcsin",
    "arcsinh",
    "arctan",
    "arctanh",
    "arg",
    "bvar",
    "card",
    "cartesianproduct",
    "ceiling",
    "ci",
    "cn",
    "codomain",
    "complexes",
    "compose",
    "condition",
    "conjugate",
    "cos",
    "cosh",
    "cot",
    "coth",
    "csc",
    "csch",
    "csymbol",
    "curl",
    "declare",
    "degree",
    "determinant",
    "diff",
    "divergence",
    "divide",
    "domain",
    "domainofapplication",
    "emptyset",
    "eq",
    "equivalent",
    "eulergamma",
    "exists",
    "exp",
    "exponentiale",
    "factorial",
    "factorof",
    "false",
    "floor",
    "forall",
    "gcd",
    "geq",
    "grad",
    "gt",
    "ident",
    "image",
    "imaginary",
    "imaginaryi",
    "implies",
    "in",
    "infinity",
    "int",
    "integers",
    "intersect",
    "interval",
    "inverse",
    "lambda",
    "laplacian",
    "lcm",
    "leq",
    "limit",
    "list",
    "ln",
    "log",
    "logbase",
    "lowlimit",
    "lt",
    "maction",
    "maligngroup",
    "malignmark",
    "math",
    "matrix",
    "matrixrow",
    "max",
    "mean",
    "median",
    "menclose",
    "merror",
    "mfenced",
    "mfrac",
    "mglyph",
    "mi",
    "min",
    "minus",
    "mlabeledtr",
    "mmultiscripts",
    "mn",
    "mo",
    "mode",
    "moment",
    "momentabout",
    "mover",
    "mpadded",
    "mphantom",
    "mprescripts",
    "mroot",
    "mrow",
    "ms",
    "mspace",
    "msqrt",
    "mstyle",
    "msub",
    "msubsup",
    "msup",
    "mtable",
    "mtd",
    "mtext",
    "mtr",
    "munder",
    "munderover",
    "naturalnumbers",
    "neq",
    "none",
    "not",
    "notanumber",
    "notin",
    "notprsubset",
    "notsubset",
    "or",
    "otherwise",
    "outerproduct",
    "partialdiff",
    "pi",
    "piece",
    "piecewise",
    "plus",
    "power",
    "primes",
    "product",
    "prsubset",
    "quotient",
    "rationals",
    "real",
    "reals",
    "rem",
    "root",
    "scalarproduct",
    "sdev",
    "sec",
    "sech",
    "selector",
    "semantics",
    "sep",
    "set",
    "setdiff",
    "sin",
    "sinh",
    "subset",
    "sum",
    "tan",
    "tanh",
    "tendsto",
    "times",
    "transpose",
    "true",
    "union",
    "uplimit",
    "variance",
    "vector",
    "vectorproduct",
    "xor",
};

// The elements MathML 3 adds (elementary math layout, strict content markup), sorted.
constexpr std::string_view kElements3[] = {"bind",     "cbytes",    "cerror",  "cs",      "fn",
                                           "mlongdiv", "mscarries", "mscarry", "msgroup", "msline",
                                           "msrow",    "mstack",    "reln",    "share"};

// The attributes of both schemas' elements (any of them on any element: the schemas' per-element
// lists are not checked), sorted.
constexpr std::string_view kAttributes[] = {
    "accent",
    "accentunder",
    "actiontype",
    "align",
    "alignmentscope",
    "alt",
    "altimg",
    "alttext",
    "background",
    "base",
    "bevelled",
    "class",
    "close",
    "closure",
    "color",
    "columnalign",
    "columnlines",
    "columnspacing",
    "columnspan",
    "columnwidth",
    "definitionURL",
    "denomalign",
    "depth",
    "display",
    "displaystyle",
    "edge",
    "encoding",
    "equalcolumns",
    "equalrows",
    "fence",
    "fontfamily",
    "form",
    "frame",
    "framespacing",
    "groupalign",
    "height",
    "id",
    "index",
    "largeop",
    "linebreak",
    "linethickness",
    "lquote",
    "lspace",
    "macros",
    "mathbackground",
    "mathcolor",
    "mathsize",
    "mathvariant",
    "maxsize",
    "mediummathspace",
    "minlabelspacing",
    "minsize",
    "mode",
    "movablelimits",
    "name",
    "nargs",
    "notation",
    "numalign",
    "occurrence",
    "open",
    "order",
    "overflow",
    "rowalign",
    "rowlines",
    "rowspacing",
    "rowspan",
    "rquote",
    "rspace",
    "scope",
    "scriptlevel",
    "scriptminsize",
    "scriptsizemultiplier",
    "selection",
    "separator",
    "separators",
    "side",
    "stretchy",
    "style",
    "subscriptshift",
    "superscriptshift",
    "symmetric",
    "thickmathspace",
    "thinmathspace",
    "type",
    "verythickmathspace",
    "verythinmathspace",
    "veryverythickmathspace",
    "veryverythinmathspace",
    "width",
    "xref",
};
constexpr std::string_view kAttributes2[] = {"baseline"};
constexpr std::string_view kAttributes3[] = {
    "altimg-height",
    "altimg-valign",
    "altimg-width",
    "cd",
    "cdgroup",
    "charalign",
    "charspacing",
    "crossout",
    "decimalpoint",
    "dir",
    "fontsize",
    "fontstyle",
    "fontweight",
    "href",
    "indentalign",
    "indentalignfirst",
    "indentalignlast",
    "indentshift",
    "indentshiftfirst",
    "indentshiftlast",
    "indenttarget",
    "infixlinebreakstyle",
    "leftoverhang",
    "length",
    "linebreakmultchar",
    "linebreakstyle",
    "lineleading",
    "location",
    "longdivstyle",
    "maxwidth",
    "mslinethickness",
    "other",
    "position",
    "rightoverhang",
    "shift",
    "src",
    "stackalign",
    "valign",
    "voffset",
};

template <size_t N>
bool In(const std::string_view (&list)[N], std::string_view name) {
  return std::find(std::begin(list), std::end(list), name) != std::end(list);
}

bool KnownElement(std::string_view name, Version version) {
  return In(kElements, name) || (version == Version::k30 && In(kElements3, name));
}

bool KnownAttribute(std::string_view name, Version version) {
  return In(kAttributes, name) ||
         (version == Version::k21 ? In(kAttributes2, name) : In(kAttributes3, name));
}

// The namespace prefix of an element's name ("m" for "m:mi", "" for "mi"): what
// xml::Node::LocalName leaves out.
std::string_view PrefixOf(const xml::Node& node) {
  std::string_view name = node.name;
  std::string_view local = node.LocalName();
  return local.size() == name.size() ? std::string_view()
                                     : name.substr(0, name.size() - local.size() - 1);
}

bool IsNamespaceDeclaration(std::string_view name) {
  return name == "xmlns" || name.starts_with("xmlns:");
}

// Prefix -> namespace URI in scope ("" for the default namespace).
using Scope = std::map<std::string, std::string, std::less<>>;

void Declare(const xml::Node& node, Scope& scope) {
  for (const xml::Attribute& a : node.attributes) {
    if (a.name == "xmlns") scope[""] = a.value;
    if (a.name.starts_with("xmlns:")) scope[a.name.substr(6)] = a.value;
  }
}

// A MathML element and its MathML descendants unprefixed, their namespace declarations gone.
void Unprefix(xml::Node& node, Scope scope) {
  Declare(node, scope);
  std::erase_if(node.attributes,
                [](const xml::Attribute& a) { return IsNamespaceDeclaration(a.name); });
  node.name = std::string(node.LocalName());
  for (xml::Node& c : node.children) {
    if (!c.is_element()) continue;
    Scope inner = scope;
    Declare(c, inner);
    auto it = inner.find(PrefixOf(c));
    if (it != inner.end() && it->second == kMathMlNamespace) Unprefix(c, scope);
  }
}

void UnprefixIn(xml::Node& node, Scope scope) {
  if (!node.is_element()) return;
  Declare(node, scope);
  auto it = scope.find(PrefixOf(node));
  if (it != scope.end() && it->second == kMathMlNamespace && node.LocalName() == "math") {
    Unprefix(node, scope);
    node.SetAttribute("xmlns", std::string(kMathMlNamespace));
    return;
  }
  for (xml::Node& c : node.children) UnprefixIn(c, scope);
}

void CleanAttributes(xml::Node& node, Version version, std::vector<std::string>& changes) {
  std::vector<xml::Attribute> kept;
  for (xml::Attribute& a : node.attributes) {
    if (IsNamespaceDeclaration(a.name)) continue;  // written again on the <math> element
    bool link =
        a.name == "href" || a.name == "src" || a.name == "altimg" || a.name == "definitionURL";
    if (KnownAttribute(a.name, version) && !(link && IsScriptUri(a.value))) {
      kept.push_back(std::move(a));
    } else {
      changes.push_back(a.name + " attribute dropped");
    }
  }
  node.attributes = std::move(kept);
}

// `nodes` (the content of a MathML element) cleaned: MathML elements of `prefix` ("" for none)
// unprefixed and kept when the version knows them, others unwrapped.
std::vector<xml::Node> CleanContent(std::vector<xml::Node> nodes, std::string_view prefix,
                                    Version version, std::vector<std::string>& changes) {
  std::vector<xml::Node> out;
  for (xml::Node& n : nodes) {
    if (!n.is_element()) {
      out.push_back(std::move(n));
      continue;
    }
    std::string local(n.LocalName());
    if (PrefixOf(n) != prefix || !KnownElement(local, version) || local == "math") {
      changes.push_back("<" + n.name + (n.children.empty() ? "> dropped" : "> unwrapped"));
      for (xml::Node& c : CleanContent(std::move(n.children), prefix, version, changes)) {
        out.push_back(std::move(c));
      }
      continue;
    }
    n.name = std::move(local);
    CleanAttributes(n, version, changes);
    n.children = CleanContent(std::move(n.children), prefix, version, changes);
    out.push_back(std::move(n));
  }
  return out;
}

}  // namespace

void UnprefixMathMl(xml::Node& root) { UnprefixIn(root, Scope()); }

bool IsMathMlRoot(const xml::Node& node) {
  if (!node.is_element() || node.LocalName() != "math") return false;
  std::string_view prefix = PrefixOf(node);
  std::string declaration = prefix.empty() ? "xmlns" : "xmlns:" + std::string(prefix);
  const std::string* uri = node.FindAttribute(declaration);
  return uri == nullptr || *uri == kMathMlNamespace;
}

void CleanMathMl(xml::Node& math, Version version, std::vector<std::string>& changes) {
  std::string prefix(PrefixOf(math));
  math.name = "math";
  CleanAttributes(math, version, changes);
  math.children = CleanContent(std::move(math.children), prefix, version, changes);
  math.attributes.insert(math.attributes.begin(), {"xmlns", std::string(kMathMlNamespace)});
}

}  // namespace qbank::formats
