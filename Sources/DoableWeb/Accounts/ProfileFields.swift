import DoableArt
import DoableCore
import Foundation

/// The profile fields of ACC-1, shared by registration (`RegisterPage`) and the profile settings (`ProfilePage`):
/// the fields' markup, the names a refusal may carry, and reading the optional ones.
enum ProfileFields {
    static let genderOptions: [(String, String)] = [
        ("", "Not given"), ("female", "Female"), ("male", "Male"), ("nonBinary", "Non-binary"),
        ("preferNotToSay", "Prefer not to say"), ("selfDescribed", "Self-described"),
    ]
    static let educationOptions: [(String, String)] = [
        ("", "Not given"), ("primary", "Primary"), ("secondary", "Secondary"), ("vocational", "Vocational"),
        ("bachelor", "Bachelor"), ("master", "Master"), ("doctorate", "Doctorate"), ("other", "Other"),
    ]

    /// The profile fields of ACC-1, shared by registration and the profile settings.
    static func html(_ form: FormData, errors: FormErrors) -> HTML {
        """
        \(Field.input("firstName", label: "First name", value: form["firstName"], hint: "Up to 30 characters.", required: true, errors: errors, extra: " maxlength=\"30\" autocomplete=\"given-name\""))
        \(Field.input("lastName", label: "Last name", value: form["lastName"], hint: "Up to 30 characters.", required: true, errors: errors, extra: " maxlength=\"30\" autocomplete=\"family-name\""))
        \(optionalHTML(form, errors: errors))
        """
    }

    /// The optional ones: gender (the words box only for "self-described"), date of birth, education, phone.
    static func optionalHTML(_ form: FormData, errors: FormErrors) -> HTML {
        """
        \(Field.select("gender", label: "Gender", options: genderOptions, selected: form["gender"], required: false, errors: errors))
        \(Field.input("genderDescription", label: "Gender, in your words", value: form["genderDescription"], errors: errors, extra: " maxlength=\"30\" data-shown-for=\"selfDescribed\""))
        \(Field.input("dateOfBirth", label: "Date of birth", value: form["dateOfBirth"], type: "date", hint: "You must be at least 13.", errors: errors))
        \(Field.select("educationLevel", label: "Level of education", options: educationOptions, selected: form["educationLevel"], required: false, errors: errors))
        \(Field.input("phone", label: "Phone", value: form["phone"], type: "tel", hint: "International format, like +14155550123.", errors: errors, extra: " autocomplete=\"tel\""))
        """
    }

    static let names: Set<String> = [
        "email", "username", "password", "firstName", "lastName", "gender",
        "genderDescription", "dateOfBirth", "educationLevel", "phone",
    ]

    /// Reads the optional ACC-1 fields of a form; a bad value is recorded against its field.
    static func readOptional(
        _ form: FormData, into errors: inout FormErrors,
        _ apply: (Gender?, String?, CivilDate?, EducationLevel?, String?) -> Void
    ) {
        var gender: Gender?
        if let text = form.text("gender") {
            gender = Gender(rawValue: text)
            if gender == nil { errors.byField["gender"] = "Choose one of the listed genders." }
        }
        var education: EducationLevel?
        if let text = form.text("educationLevel") {
            education = EducationLevel(rawValue: text)
            if education == nil { errors.byField["educationLevel"] = "Choose one of the listed levels." }
        }
        var birth: CivilDate?
        if let text = form.text("dateOfBirth") {
            birth = CivilDate(text)
            if birth == nil { errors.byField["dateOfBirth"] = "Enter the date as YYYY-MM-DD." }
        }
        let description = gender == .selfDescribed ? form.text("genderDescription") : nil
        apply(gender, description, birth, education, form.text("phone"))
    }
}
