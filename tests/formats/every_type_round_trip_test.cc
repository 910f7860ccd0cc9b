// Every question type through every format that can hold it and back (docs/formats/README.md):
// gift -> FORMAT -> gift and md -> FORMAT -> md on mixed-type fixtures, with the QTI outputs
// checked against the official QTI 2.1 and 3.0 schemas where ../shared/ref/qti-xsd is present.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <set>

#include "formats/gift/gift_format.h"
#include "formats/json/json_format.h"
#include "formats/md/md_format.h"
#include "formats/moodle_xml/moodle_xml_format.h"
#include "formats/qti/qti_format.h"
#include "formats/question_names.h"
#include "import_export_test_support.h"
#include "qti_schema_test_support.h"
#include "xml_formats_test_support.h"
#include "zip/zip_archive.h"

namespace qbank::formats {
namespace {

using namespace xml_formats_testing;  // NOLINT(google-build-using-namespace)
using qti_schema_testing::SchemaErrors;

const QtiFormat kQti21(QtiFormat::Version::k21);
const QtiFormat kQti30(QtiFormat::Version::k30);

// What every format that holds a type must keep of a question: id, type, domain (as a Moodle
// category or a plain path), stem, the text after a gap, explanation, and each option's text,
// key, weight, rationale and match.
std::string Summary(const model::Bank& bank) {
  std::string out;
  for (const model::Question& q : bank.questions) {
    out += "[" + q.id.value + "] " + std::string(model::QuestionTypeName(q.type)) + " in " +
           DomainOfCategory(q.domain->value) + ": " + q.stem.value +
           " | gap after: " + TextAfterGap(q) + " | explanation: " + q.explanation.value + "\n";
    for (const model::Option& o : q.options) {
      out += "  " + std::string(o.correct ? "*" : "-") + " " + o.text.value;
      if (o.weight) out += " (" + std::to_string(*o.weight) + "%)";
      if (!MatchOf(o).empty()) out += " -> " + MatchOf(o);
      if (!o.rationale->empty()) out += " # " + o.rationale->value;
      out += "\n";
    }
  }
  return out;
}

// The LMS formats a Markdown draft is written to, each of which reads it back.
std::vector<const Format*> LmsFormats() {
  static const MoodleXmlFormat moodle;
  static const GiftFormat gift;
  return {&moodle, &gift, &kQti21, &kQti30};
}

bool IsQti(const Format* format) { return format == &kQti21 || format == &kQti30; }

// The member `name` of the QTI content package `package`; "" (and the test fails) when it cannot
// be read.
std::string PackageMember(const std::string& package, const std::string& name) {
  Result<zip::Archive> archive = zip::Archive::Open(package, "out.zip");
  EXPECT_TRUE(archive.ok()) << archive.status().ToString();
  if (!archive.ok()) return "";
  Result<std::string> member = archive->Read(name);
  EXPECT_TRUE(member.ok()) << name << ": " << member.status().ToString();
  return member.ok() ? *member : "";
}

std::string OutputName(const Format& format) {
  if (&format == &kQti21 || &format == &kQti30) return "out.zip";
  return "out." + std::string(format.extensions().front().substr(1));
}

void RoundTrip(const Format& home, const std::string& fixture) {
  Imported original = ImportText(home, fixture, ReadTestdata("every_type/" + fixture));
  ASSERT_TRUE(original.status.ok()) << original.status.ToString();
  ASSERT_EQ(original.ErrorText(), "");
  MoodleXmlFormat moodle;
  JsonFormat json;
  MdFormat md;
  GiftFormat gift;
  bool schemas_checked = false;
  for (const Format* via :
       std::vector<const Format*>{&moodle, &kQti21, &kQti30, &json, &md, &gift}) {
    SCOPED_TRACE(std::string(home.name()) + " -> " + std::string(via->name()));
    LossReport loss;
    std::string out = ExportText(*via, original.bank, loss, OutputName(*via));
    if (via == &kQti21 || via == &kQti30) {
      std::optional<std::string> errors = SchemaErrors(out, via == &kQti30);
      if (errors.has_value()) {
        EXPECT_EQ(*errors, "");
        schemas_checked = true;
      }
    }
    Imported back = ImportText(*via, OutputName(*via), out);
    ASSERT_TRUE(back.status.ok()) << back.status.ToString();
    ASSERT_EQ(back.ErrorText(), "");
    LossReport home_loss;
    Imported again = ImportText(home, fixture, ExportText(home, back.bank, home_loss));
    ASSERT_TRUE(again.status.ok()) << again.status.ToString();
    EXPECT_EQ(Summary(again.bank), Summary(original.bank));
  }
  if (!schemas_checked) {
    std::cout << "[  NOTE    ] ../shared/ref/qti-xsd is absent: QTI outputs not schema-checked\n";
  }
}

TEST(EveryTypeRoundTripTest, GiftThroughEveryFormatAndBack) {
  RoundTrip(GiftFormat(), "mixed.gift");
}

TEST(EveryTypeRoundTripTest, MdThroughEveryFormatAndBack) { RoundTrip(MdFormat(), "mixed.md"); }

TEST(EveryTypeRoundTripTest, TheFixtureHoldsEveryType) {
  Imported in = ImportText(GiftFormat(), "mixed.gift", ReadTestdata("every_type/mixed.gift"));
  std::set<model::QuestionType> types;
  for (const model::Question& q : in.bank.questions) types.insert(q.type);
  EXPECT_EQ(types.size(), 8u);  // every type but "other"
  EXPECT_EQ(TextAfterGap(in.bank.questions[2]), "and its right side starboard.");
}

TEST(EveryTypeRoundTripTest, MarkdownIsRenderedForQtiAndReadBackAsMarkdown) {
  std::string draft = ReadTestdata("every_type/markdown.md");
  Imported in = ImportText(MdFormat(), "markdown.md", draft);
  ASSERT_TRUE(in.status.ok()) << in.status.ToString();
  for (const QtiFormat* qti : {&kQti21, &kQti30}) {
    LossReport loss;
    std::string package = ExportText(*qti, in.bank, loss, "out.zip");
    std::string item = PackageMember(package, "items/chem-1.xml");
    // Rendered by cmark, not as typed.
    EXPECT_NE(item.find("the <em>chemical formula</em> of water, written as <code>H2O</code>"),
              std::string::npos)
        << item;
    EXPECT_EQ(item.find("*chemical formula*"), std::string::npos);
    EXPECT_NE(item.find("<li>two hydrogen atoms</li>"), std::string::npos) << item;
    std::optional<std::string> errors = SchemaErrors(package, qti == &kQti30);
    if (errors.has_value()) {
      EXPECT_EQ(*errors, "");
    }
    Imported back = ImportText(*qti, "out.zip", package);
    ASSERT_TRUE(back.status.ok()) << back.status.ToString();
    EXPECT_EQ(back.bank.questions[0].markup, model::Markup::kMarkdown);
    LossReport md_loss;
    EXPECT_EQ(ExportText(MdFormat(), back.bank, md_loss), draft);
  }
}

// A Moodle XML or GIFT file without qbank's metadata (which holds the drafts' own texts).
std::string WithoutCarriedDrafts(std::string out) {
  for (auto [open, close] :
       {std::pair<std::string, std::string>{"<qbank_metadata", "</qbank_metadata>"},
        {"// qbank-meta:", "\n"}}) {
    for (size_t at = out.find(open); at != std::string::npos; at = out.find(open, at)) {
      out.erase(at, out.find(close, at) + close.size() - at);
    }
  }
  return out;
}

// How many times `needle` occurs in `text`.
size_t Occurrences(std::string_view text, std::string_view needle) {
  size_t n = 0;
  for (size_t at = text.find(needle); at != std::string_view::npos;
       at = text.find(needle, at + needle.size())) {
    ++n;
  }
  return n;
}

// Ordinary Markdown drafts of every type (soft line breaks, lists, emphasis, code, links, a
// Markdown match and gap text) reach each LMS format as the HTML they mean, and come back from
// it as the same draft, byte for byte.
TEST(EveryTypeRoundTripTest, MarkdownDraftsComeBackFromEveryLmsFormat) {
  std::string draft = ReadTestdata("every_type/drafts.md");
  Imported in = ImportText(MdFormat(), "drafts.md", draft);
  ASSERT_TRUE(in.status.ok()) << in.status.ToString();
  ASSERT_EQ(in.ErrorText(), "");
  for (const Format* via : LmsFormats()) {
    SCOPED_TRACE(via->name());
    LossReport loss;
    std::string out = ExportText(*via, in.bank, loss, OutputName(*via));
    EXPECT_TRUE(loss.empty()) << loss.Summary();
    std::string shown = WithoutCarriedDrafts(out);  // what the LMS shows
    std::string carriers = out;                     // where the carried drafts are
    if (IsQti(via)) {
      shown = PackageMember(out, "items/tide-1.xml");
      carriers = PackageMember(out, "imsmanifest.xml");
      if (std::optional<std::string> errors = SchemaErrors(out, via == &kQti30)) {
        EXPECT_EQ(*errors, "");
      }
    }
    EXPECT_NE(shown.find("Which force raises the <em>spring</em> tides"), std::string::npos)
        << shown;
    EXPECT_EQ(shown.find("*spring*"), std::string::npos) << "Markdown source shown: " << shown;
    // A draft's text is carried only where its HTML does not convert back to it: of the stems,
    // the three with a soft line break (tide-1, tide-4, tide-8); "Which of these are *tidal*
    // features?" (tide-2) and the others come back from their HTML alone.
    EXPECT_EQ(Occurrences(carriers, "\"stem\": "), 3u) << carriers;
    for (const char* stem : {"Which force raises the *spring* tides,\\nthe ones",
                             "What is the lowest tide of the year called?\\nGive *one* word.",
                             "The questions below use `UTC` times.\\nRead them"}) {
      EXPECT_NE(carriers.find("\"stem\": \"" + std::string(stem)), std::string::npos)
          << stem << " in " << carriers;
    }
    EXPECT_EQ(carriers.find("*tidal*"), std::string::npos) << carriers;
    EXPECT_EQ(Occurrences(carriers, "\"markup\": \"markdown\""), 9u) << carriers;
    if (via->name() == "moodle-xml") {
      EXPECT_EQ(out.find("format=\"markdown\""), std::string::npos) << out;
    } else if (via->name() == "gift") {
      EXPECT_EQ(out.find("[markdown]"), std::string::npos) << out;
      EXPECT_NE(out.find("::tide-1::[html]Which"), std::string::npos) << out;
    }
    Imported back = ImportText(*via, OutputName(*via), out);
    ASSERT_TRUE(back.status.ok()) << back.status.ToString();
    ASSERT_EQ(back.ErrorText(), "");
    LossReport md_loss;
    EXPECT_EQ(ExportText(MdFormat(), back.bank, md_loss), draft);
  }
}

// A draft whose QTI HTML is not its Moodle HTML: raw HTML that is not well-formed XML (<br>,
// left out of an XML item) and elements QTI's schema does not take (<u> unwrapped, an ordered
// list's start dropped). The LMS shows what each format holds (QTI's changes reported), and the
// draft comes back from every format, since what travels is decided from the HTML written.
TEST(EveryTypeRoundTripTest, ADraftWhoseQtiHtmlDiffersComesBackFromEveryFormat) {
  const std::string draft =
      "---\nid: keys-1\n---\n\n## Question\n\nPress the key<br>then *wait*.\n\n"
      "## Options\n\n- [x] A <u>short</u> wait\n- [ ] 3. A long wait\n\n"
      "## Explanation\n\nKeep the <u>cursor</u> still.\n";
  Imported in = ImportText(MdFormat(), "keys.md", draft);
  ASSERT_EQ(in.ErrorText(), "");
  for (const Format* via : LmsFormats()) {
    SCOPED_TRACE(via->name());
    LossReport loss;
    std::string out = ExportText(*via, in.bank, loss, OutputName(*via));
    if (IsQti(via)) {
      std::string item = PackageMember(out, "items/keys-1.xml");
      EXPECT_NE(item.find("Press the keythen <em>wait</em>."), std::string::npos) << item;
      EXPECT_EQ(item.find("<u>"), std::string::npos) << item;
      EXPECT_NE(loss.Summary().find("markup (raw HTML in Markdown that is not well-formed XML)"),
                std::string::npos)
          << loss.Summary();
      EXPECT_NE(loss.Summary().find("options.text (<u> unwrapped)"), std::string::npos)
          << loss.Summary();
    } else {
      EXPECT_NE(out.find("Press the key<br>then <em>wait</em>."), std::string::npos) << out;
      EXPECT_TRUE(loss.empty()) << loss.Summary();
    }
    Imported back = ImportText(*via, OutputName(*via), out);
    ASSERT_EQ(back.ErrorText(), "");
    LossReport md_loss;
    EXPECT_EQ(ExportText(MdFormat(), back.bank, md_loss), draft);
  }
}

// A missing-word draft with emphasis and code in its choices: QTI 2.1's inline choices hold text
// alone (its item shows the words, reported), 3.0's hold both; what travels is decided from the
// HTML written at that place, so the draft comes back from both, byte for byte (2.1 gave
// "rises and falls" and "freezes" back, as if edited in the LMS).
TEST(EveryTypeRoundTripTest, ADraftInAGapsChoicesComesBackFromBothQtiVersions) {
  const std::string draft =
      "---\nid: tide-gap\nextensions: {\"gift\": {\"blank_after\": \"twice a day.\"}}\n---\n\n"
      "## Question\n\nIn most harbours the sea\n\n"
      "## Options\n\n- [x] *rises and falls*\n- [ ] `freezes`\n";
  Imported in = ImportText(MdFormat(), "gap.md", draft);
  ASSERT_EQ(in.ErrorText(), "");
  for (const QtiFormat* via : {&kQti21, &kQti30}) {
    SCOPED_TRACE(via->name());
    LossReport loss;
    std::string out = ExportText(*via, in.bank, loss, "out.zip");
    std::string item = PackageMember(out, "items/tide-gap.xml");
    bool v21 = via == &kQti21;
    EXPECT_NE(item.find(v21 ? "identifier=\"A\">rises and falls</inlineChoice>"
                            : "identifier=\"A\"><em>rises and falls</em></qti-inline-choice>"),
              std::string::npos)
        << item;
    EXPECT_EQ(loss.Summary(), v21 ? "  options.text (<code> unwrapped): 1 value dropped\n"
                                    "  options.text (<em> unwrapped): 1 value dropped\n"
                                  : "");
    if (std::optional<std::string> errors = SchemaErrors(out, !v21)) {
      EXPECT_EQ(*errors, "");
    }
    Imported back = ImportText(*via, "out.zip", out);
    ASSERT_EQ(back.ErrorText(), "");
    LossReport md_loss;
    EXPECT_EQ(ExportText(MdFormat(), back.bank, md_loss), draft);
  }
}

// `out` (as `via` wrote it) with the first `from` in tide-1's text replaced by `to`, as an edit
// in the LMS does it; for QTI inside the package's item.
std::string EditedInTheLms(const Format& via, const std::string& out, std::string_view from,
                           std::string_view to) {
  auto edit = [&](std::string& text) {
    size_t at = text.find(from);
    if (at == std::string::npos) {
      ADD_FAILURE() << from << " not in " << text;
      return;
    }
    text.replace(at, from.size(), to);
  };
  if (!IsQti(&via)) {
    std::string edited = out;
    edit(edited);
    return edited;
  }
  Result<std::vector<zip::Entry>> entries = zip::Read(out, "out.zip");
  if (!entries.ok()) {
    ADD_FAILURE() << entries.status().ToString();
    return out;
  }
  for (zip::Entry& entry : *entries) {
    if (entry.path == "items/tide-1.xml") edit(entry.data);
  }
  Result<std::string> edited = zip::Write(*entries);
  if (!edited.ok()) {
    ADD_FAILURE() << edited.status().ToString();
    return out;
  }
  return *edited;
}

// A text edited in the LMS after the export: its HTML wins and is converted to Markdown; the
// texts not edited come back as the draft has them. An edit that has no Markdown form (a table)
// leaves the whole question HTML, as read.
TEST(EveryTypeRoundTripTest, HtmlEditedInTheLmsWinsOverTheCarriedDraft) {
  std::string draft = ReadTestdata("every_type/drafts.md");
  Imported in = ImportText(MdFormat(), "drafts.md", draft);
  ASSERT_TRUE(in.status.ok()) << in.status.ToString();
  for (const Format* via : LmsFormats()) {
    SCOPED_TRACE(via->name());
    LossReport loss;
    std::string out = ExportText(*via, in.bank, loss, OutputName(*via));
    std::string edited = EditedInTheLms(*via, out, "<em>spring</em>", "<strong>neap</strong>");
    Imported back = ImportText(*via, OutputName(*via), edited);
    ASSERT_EQ(back.ErrorText(), "");
    const model::Question& q = back.bank.questions[0];
    EXPECT_EQ(q.markup, model::Markup::kMarkdown);
    EXPECT_EQ(q.stem.value,
              "Which force raises the **neap** tides, the ones that come twice a month?");
    EXPECT_EQ(q.explanation.value,
              "Spring tides happen when:\n\n- the Moon is new, or\n- the Moon is full.");
    EXPECT_EQ(q.options[1].text.value, "The `wind` alone");

    const std::string table = "<table><tr><td>at new or full moon</td></tr></table>";
    Imported with_table =
        ImportText(*via, OutputName(*via), EditedInTheLms(*via, out, "<ul>", table + "<ul>"));
    ASSERT_EQ(with_table.ErrorText(), "");
    const model::Question& h = with_table.bank.questions[0];
    EXPECT_EQ(h.markup, model::Markup::kHtml);
    EXPECT_EQ(h.stem.value,
              "Which force raises the <em>spring</em> tides,\nthe ones that come twice a month?");
    EXPECT_NE(h.explanation.value.find(table + "<ul>"), std::string::npos) << h.explanation.value;
    EXPECT_NE(h.explanation.value.find("<li>the Moon is full.</li>"), std::string::npos)
        << h.explanation.value;
    EXPECT_EQ(h.options[0].text.value, "The Sun and the Moon pulling <strong>together</strong>");
    EXPECT_EQ(h.options[1].text.value, "The <code>wind</code> alone");
    EXPECT_EQ(h.options[1].rationale->value, "Wind makes surges, not tides.");
    // The other questions were not edited: they are the drafts again.
    EXPECT_EQ(with_table.bank.questions[1].markup, model::Markup::kMarkdown);
    EXPECT_EQ(with_table.bank.questions[1].stem.value, "Which of these are *tidal* features?");
  }
}

// GIFT's numerical notation (an exact "1:0", a range "10..12", numbers as written) survives
// Moodle XML (values and tolerances Moodle grades by, the notation in <qbank_metadata>) and QTI
// (an absolute tolerance of 0; a range as low <= response <= high, schema-valid).
TEST(EveryTypeRoundTripTest, NumericalNotationSurvivesMoodleXmlAndQti) {
  const std::string quiz =
      "::n-1::Which whole number comes after 0? {#1:0}\n"
      "\n"
      "::n-2::Name a number from ten to twelve. {#10..12}\n"
      "\n"
      "::n-3::What is pi to two places? {#\n"
      "=3.14:0.005\n"
      "=%50%3.1\n"
      "=%25%2.50\n"
      "}\n"
      "\n"
      // A range far wider than its lower bound: Moodle's value and tolerance (3.3e43 and 3.3e43)
      // put it at 0..6.7e43, near enough at that scale for the notation to come back
      // (round_trip_fuzz's find tests/fuzz/seeds/round_trip/find-gift_to_moodle_xml_wide_range).
      "::n-4::Pick a whole number. {#1..66666666666666666666666666666666666666666665}\n";
  Imported in = ImportText(GiftFormat(), "n.gift", quiz);
  ASSERT_EQ(in.ErrorText(), "");
  MoodleXmlFormat moodle;
  for (const Format* via : std::vector<const Format*>{&moodle, &kQti21, &kQti30}) {
    SCOPED_TRACE(via->name());
    LossReport loss;
    std::string out = ExportText(*via, in.bank, loss, OutputName(*via));
    EXPECT_TRUE(loss.empty()) << loss.Summary();
    if (via == &moodle) {
      // What Moodle grades by: the value and the tolerance.
      EXPECT_NE(out.find("<text>1</text>\n      <feedback"), std::string::npos) << out;
      EXPECT_NE(out.find("<text>11</text>\n      <tolerance>1</tolerance>"), std::string::npos);
    } else {
      Result<zip::Archive> archive = zip::Archive::Open(out, "out.zip");
      ASSERT_TRUE(archive.ok());
      Result<std::string> exact = archive->Read("items/n-1.xml");
      Result<std::string> range = archive->Read("items/n-2.xml");
      ASSERT_TRUE(exact.ok() && range.ok());
      bool v21 = via == &kQti21;
      EXPECT_NE(exact->find(v21 ? "toleranceMode=\"absolute\" tolerance=\"0\""
                                : "tolerance-mode=\"absolute\" tolerance=\"0\""),
                std::string::npos)
          << *exact;
      EXPECT_NE(range->find(v21 ? "<gte>" : "<qti-gte>"), std::string::npos) << *range;
      EXPECT_NE(range->find(v21 ? "<lte>" : "<qti-lte>"), std::string::npos) << *range;
      if (std::optional<std::string> errors = SchemaErrors(out, !v21)) {
        EXPECT_EQ(*errors, "");
      }
    }
    Imported back = ImportText(*via, OutputName(*via), out);
    ASSERT_EQ(back.ErrorText(), "");
    LossReport gift_loss;
    EXPECT_EQ(ExportText(GiftFormat(), back.bank, gift_loss), quiz);
  }
}

// HTML lets a table's rows stand in <table>; QTI's schemas want them in <tbody>, which the writer
// adds, so an LMS importer that validates the item takes it.
TEST(EveryTypeRoundTripTest, HtmlTableRowsGetATbodyForQti) {
  model::Bank bank;
  model::Question q;
  q.id = std::string("tides-1");
  q.markup = model::Markup::kHtml;
  q.stem = std::string(
      "<p>Which harbour has the larger tidal range?</p><table><caption>Ranges</caption>"
      "<tr><th>Harbour</th><th>Range</th></tr>\n<tr><td>North</td><td>4 m</td></tr></table>");
  for (const char* text : {"North", "South"}) {
    model::Option o;
    o.text = std::string(text);
    o.correct = std::string(text) == "North";
    q.options.push_back(o);
  }
  bank.questions.push_back(q);
  for (const QtiFormat* qti : {&kQti21, &kQti30}) {
    LossReport loss;
    std::string package = ExportText(*qti, bank, loss, "out.zip");
    std::string item = PackageMember(package, "items/tides-1.xml");
    size_t caption = item.find("<caption>Ranges</caption>");
    size_t body = item.find("<tbody>");
    size_t row = item.find("<tr>");
    ASSERT_NE(body, std::string::npos) << item;
    EXPECT_LT(caption, body);
    EXPECT_LT(body, row);  // every row inside it
    EXPECT_EQ(item.find("<tbody>", body + 1), std::string::npos);
    std::optional<std::string> errors = SchemaErrors(package, qti == &kQti30);
    if (errors.has_value()) {
      EXPECT_EQ(*errors, "");
    }
  }
}

}  // namespace
}  // namespace qbank::formats
