// MathML in QTI items: QTI 2.1 imports the MathML 2 schema and QTI 3.0 the MathML 3 schema, and
// both allow a <math> element of the MathML namespace wherever inline content stands. A field's
// HTML holds it the way HTML5 writes it: <math xmlns="http://www.w3.org/1998/Math/MathML"> with
// unprefixed children (docs/formats/qti.md, "HTML in items").
#ifndef QBANK_FORMATS_QTI_QTI_MATHML_H_
#define QBANK_FORMATS_QTI_QTI_MATHML_H_

#include <string>
#include <string_view>
#include <vector>

#include "formats/qti/qti_format.h"

namespace qbank::xml {
struct Node;
}  // namespace qbank::xml

namespace qbank::formats {

inline constexpr std::string_view kMathMlNamespace = "http://www.w3.org/1998/Math/MathML";

// Rewrites every MathML element of a parsed item (`root`, with the namespace declarations its
// elements carry) into the form a field's HTML holds: the outermost <math> gets
// xmlns="http://www.w3.org/1998/Math/MathML", and it and its MathML descendants lose their prefix
// (<m:math> with xmlns:m declared on the item becomes <math xmlns="...">, <m:mi> becomes <mi>).
// Without this a field would hold <m:math> with the prefix declared nowhere.
void UnprefixMathMl(xml::Node& root);

// True when `node` is a <math> element a field's HTML means as MathML: unprefixed, or with a
// prefix that is declared as the MathML namespace on it or not declared on it at all (a fragment
// cut out of an item that declared it).
bool IsMathMlRoot(const xml::Node& node);

// Cleans a MathML element (IsMathMlRoot) for the items of `version`: written as
// <math xmlns="http://www.w3.org/1998/Math/MathML"> with unprefixed descendants; an element the
// version's MathML schema does not know (MathML 3's <mstack> in 2.1, an HTML element) is unwrapped
// and an attribute it does not know (any event handler, a prefixed or namespaced one, a link that
// runs code) dropped, each an entry of `changes` as QtiHtmlCleaner writes them.
void CleanMathMl(xml::Node& math, QtiFormat::Version version, std::vector<std::string>& changes);

}  // namespace qbank::formats

#endif  // QBANK_FORMATS_QTI_QTI_MATHML_H_
