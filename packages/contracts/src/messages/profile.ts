import { defineMessages } from './define.ts';

/** Profiles and pictures (spec §5 "Profile image", "Client profile", "Provider profile", "Emergency contact"). */
export const profileMessages = defineMessages({
  imageInvalid: {
    en: 'Please upload a valid image file.',
    de: 'Bitte lade eine gültige Bilddatei hoch.',
  },
  imageTooLarge: {
    en: 'File size should not exceed 10MB.',
    de: 'Die Datei darf höchstens 10 MB groß sein.',
  },
  imageTooSmall: {
    en: 'Image dimensions should be at least 200x200 pixels.',
    de: 'Das Bild muss mindestens 200x200 Pixel groß sein.',
  },
  avatarRequired: {
    en: 'please select an Avatar',
    de: 'Bitte wähle einen Avatar',
  },
  cropFailed: {
    en: 'Failed to crop image.',
    de: 'Das Bild konnte nicht zugeschnitten werden.',
  },
  imageChanged: {
    en: 'Image Changed Successfully',
    de: 'Bild erfolgreich geändert',
  },
  imageDeleted: {
    en: 'Image Deleted Successfully',
    de: 'Bild erfolgreich gelöscht',
  },
  // Client profile names and the emergency contact's name (one rule, one text; once two keys).
  profileNamePattern: {
    en: 'Name must be 3 to 32 letters, spaces or hyphens',
    de: 'Der Name muss 3 bis 32 Buchstaben, Leerzeichen oder Bindestriche haben',
  },
  providerNameLength: {
    en: 'Name must be 3 to 32 characters',
    de: 'Der Name muss 3 bis 32 Zeichen lang sein',
  },
  providerNamePattern: {
    en: 'Name must start with a letter and contain only letters, digits, spaces, hyphens, apostrophes or periods',
    de: 'Der Name muss mit einem Buchstaben beginnen und darf nur Buchstaben, Ziffern, Leerzeichen, Bindestriche, Apostrophe oder Punkte enthalten',
  },
  userNameRequired: {
    en: 'Username is required',
    de: 'Benutzername ist erforderlich',
  },
  userNamePattern: {
    en: 'Username must be 3 to 32 letters, digits, _, - or @',
    de: 'Der Benutzername muss 3 bis 32 Buchstaben, Ziffern, _, - oder @ enthalten',
  },
  userNameTaken: {
    en: 'This username is already taken',
    de: 'Dieser Benutzername ist bereits vergeben',
  },
  zipCodePattern: {
    en: 'Zip code must be 5 to 10 letters or digits',
    de: 'Die Postleitzahl muss 5 bis 10 Buchstaben oder Ziffern haben',
  },
  dobInvalid: {
    en: 'Enter a valid date of birth',
    de: 'Gib ein gültiges Geburtsdatum ein',
  },
  dobTooYoung: {
    en: 'You must be at least 16 years old',
    de: 'Du musst mindestens 16 Jahre alt sein',
  },
  stateRequired: {
    en: 'State is required',
    de: 'Bundesland ist erforderlich',
  },
  stateNotInCountry: {
    en: 'Choose a state of the selected country',
    de: 'Wähle ein Bundesland des gewählten Landes',
  },
  ethnicityRequired: {
    en: 'Ethnicity is required',
    de: 'Ethnische Zugehörigkeit ist erforderlich',
  },
  genderRequired: {
    en: 'Gender is required',
    de: 'Geschlecht ist erforderlich',
  },
  emergencyContactPattern: {
    en: 'Contact must be 3 to 32 digits',
    de: 'Die Kontaktnummer muss 3 bis 32 Ziffern haben',
  },
  headlinePattern: {
    en: 'Headline must be 3 to 80 letters, digits, spaces or punctuation',
    de: 'Die Überschrift muss 3 bis 80 Buchstaben, Ziffern, Leerzeichen oder Satzzeichen haben',
  },
  titlePattern: {
    en: 'Title must be 2 to 32 letters',
    de: 'Der Titel muss 2 bis 32 Buchstaben haben',
  },
  officeAddressMin: {
    en: 'Office address must be at least 3 characters',
    de: 'Die Praxisadresse muss mindestens 3 Zeichen haben',
  },
  officeAddressSetup: {
    en: 'Office address must be at least 5 characters and contain a letter',
    de: 'Die Praxisadresse muss mindestens 5 Zeichen und einen Buchstaben enthalten',
  },
  bioMax: {
    en: 'Bio must not exceed 2000 characters',
    de: 'Die Beschreibung darf höchstens 2000 Zeichen lang sein',
  },
  therapyAtLeastOne: {
    en: 'Select at least one therapy',
    de: 'Wähle mindestens eine Therapieform',
  },
  modalityAtLeastOne: {
    en: 'Select at least one modality',
    de: 'Wähle mindestens eine Sitzungsart',
  },
  specialityAtLeastOne: {
    en: 'Select at least one speciality',
    de: 'Wähle mindestens einen Schwerpunkt',
  },
  profileSaved: {
    en: 'Profile saved',
    de: 'Profil gespeichert',
  },
});
