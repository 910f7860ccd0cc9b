// The QTI 1.2 vocabulary the `qti12` (Canvas) and `blackboard-pool` formats share: the two
// flavours, Canvas's question_type names and Blackboard's bbmd_questiontype names, the package
// manifests' resource types, and the small helpers both the reader and the writer use
// (docs/formats/qti12.md).
#ifndef QBANK_FORMATS_QTI12_QTI12_VOCABULARY_H_
#define QBANK_FORMATS_QTI12_QTI12_VOCABULARY_H_

#include <optional>
#include <string>
#include <string_view>

#include "model/bank.h"

namespace qbank::formats::qti12 {

// Which LMS's QTI 1.2 a file is written in.
enum class Flavour { kCanvas, kBlackboard };

// The key under which QTI 1.2 data travels in Question/Option::extensions (both flavours).
constexpr std::string_view kExtensionKey = "qti12";

// Canvas: the namespace of questestinterop, the manifest's resource types, the folder of the
// quiz banks in a course export, the metadata field names qbank reads and writes.
constexpr std::string_view kCanvasNamespace = "http://www.imsglobal.org/xsd/ims_qtiasiv1p2";
constexpr std::string_view kCanvasSchemaLocation =
    "http://www.imsglobal.org/xsd/ims_qtiasiv1p2 "
    "http://www.imsglobal.org/xsd/ims_qtiasiv1p2p1.xsd";
constexpr std::string_view kQtiResourceType = "imsqti_xmlv1p2";
constexpr std::string_view kMetaResourceType =
    "associatedcontent/imscc_xmlv1p1/learning-application-resource";
constexpr std::string_view kNonCcFolder = "non_cc_assessments/";
constexpr std::string_view kManifestName = "imsmanifest.xml";
// Blackboard: the pool resource type of its manifest.
constexpr std::string_view kBlackboardPoolType = "assessment/x-bb-qti-pool";
constexpr std::string_view kBlackboardNamespace = "http://www.blackboard.com/content-packaging/";

// qbank's own fields in the item metadata (Canvas ignores fields it does not know; Blackboard's
// item metadata gets elements of these names).
constexpr std::string_view kMetadataField = "qbank_metadata";           // the carrier's JSON
constexpr std::string_view kBankMetadataField = "qbank_bank_metadata";  // BankMetadataJson
constexpr std::string_view kDomainField = "qbank_domain";
constexpr std::string_view kTagField = "qbank_tag";
// Present when the stem is a missing-word sentence qbank joined at the gap marker (_____).
constexpr std::string_view kGapField = "qbank_gap";

// Canvas question_type <-> model type. A type the model cannot hold (multiple_dropdowns,
// fill_in_multiple_blanks with several blanks, calculated_question) is kOther.
std::optional<model::QuestionType> CanvasType(std::string_view question_type);
std::string_view CanvasTypeName(model::QuestionType type);

// Blackboard bbmd_questiontype <-> model type ("Multiple Choice", "Multiple Answer",
// "True/False", "Either/Or", "Fill in the Blank", "Numeric", "Matching", "Essay",
// "Short Response", "File Upload"); others (Ordering, Hot Spot, ...) are nullopt.
std::optional<model::QuestionType> BlackboardType(std::string_view question_type);
std::string_view BlackboardTypeName(model::QuestionType type);

// A number as QTI 1.2 writes a score or a bound: the shortest plain decimal (no exponent) that
// reads back as `v` ("100", "33.33333", "-50", "0.0000001").
std::string FormatNumber(double v);
// A decimal number, white space around it allowed; nullopt for anything else.
std::optional<double> ParseNumber(std::string_view s);

// The ident qbank writes for the response label of option `index` (Canvas answer ids are
// numbers): "1000", "1001", ...
std::string DefaultIdent(size_t index);

// True for the first bytes of a zip archive.
bool IsZip(std::string_view content);
// The local name of the root element of an XML document (the declaration, comments and a
// DOCTYPE skipped), or "".
std::string_view RootElementName(std::string_view content);

}  // namespace qbank::formats::qti12

#endif  // QBANK_FORMATS_QTI12_QTI12_VOCABULARY_H_
