/**
 * Common given names and family names of Senegal (Wolof, Pulaar, Serer, Diola, Mandinka) and of
 * Chad (Arabic-Chadian in the north and centre, Sara and Ngambaye in the south).
 */
export interface NamePool {
  readonly male: ReadonlyArray<string>
  readonly female: ReadonlyArray<string>
  readonly last: ReadonlyArray<string>
}

export const SENEGAL_NAMES: NamePool = {
  male: [
    "Mamadou", "Ousmane", "Ibrahima", "Cheikh", "Abdoulaye", "Modou", "Serigne", "Aliou", "Babacar", "Souleymane",
    "Pape", "Lamine", "Malick", "Amadou", "Boubacar", "Idrissa", "Demba", "Samba", "Mbaye", "Khadim",
    "Assane", "Omar", "Daouda", "El Hadji", "Alioune", "Saliou", "Ndongo", "Djibril", "Yaya", "Waly",
  ],
  female: [
    "Fatou", "Aminata", "Mariama", "Khady", "Ndeye", "Aïssatou", "Coumba", "Rokhaya", "Astou", "Mame Diarra",
    "Sokhna", "Bineta", "Adama", "Dieynaba", "Ramatoulaye", "Seynabou", "Ngoné", "Maïmouna", "Penda", "Yacine",
    "Oumou", "Fatoumata", "Nafissatou", "Khadija", "Anta", "Marième", "Awa", "Diarra", "Selbé", "Kiné",
  ],
  last: [
    "Diop", "Ndiaye", "Fall", "Sarr", "Sow", "Diallo", "Ba", "Gueye", "Faye", "Seck",
    "Mbaye", "Cissé", "Diouf", "Thiam", "Ndour", "Sy", "Kane", "Niang", "Wade", "Sène",
    "Dione", "Touré", "Camara", "Diagne", "Mbengue", "Kâ", "Tall", "Lô", "Badji", "Diatta",
    "Sagna", "Ndoye", "Diédhiou", "Thiaw", "Samb", "Diène", "Gaye", "Mané", "Goudiaby", "Sané",
  ],
}

export const CHAD_NAMES: NamePool = {
  male: [
    "Mahamat", "Abakar", "Idriss", "Hassan", "Moussa", "Adoum", "Ahmat", "Oumar", "Brahim", "Saleh",
    "Youssouf", "Ali", "Djibrine", "Haroun", "Issa", "Nassour", "Abdelkerim", "Mahamoud", "Ngarta", "Djimadoum",
    "Allarassem", "Ngaradoum", "Béninga", "Nadjim",
  ],
  female: [
    "Aïcha", "Zara", "Hadjé", "Halimé", "Achta", "Fatimé", "Khadidja", "Mariam", "Amina", "Zenaba",
    "Haoua", "Kaltouma", "Asta", "Hawaye", "Rémadji", "Nodjimbaye", "Mbaïdédji", "Neloumta",
  ],
  last: [
    "Mahamat", "Abdelkerim", "Hassane", "Adoum", "Saleh", "Abakar", "Ousmane", "Brahim", "Youssouf", "Haroun",
    "Djibrine", "Nassour", "Ahmat", "Issa", "Moussa", "Allarassem", "Ngaradoum", "Nadjilem", "Djimasra", "Mbaïlao",
    "Doumtangar", "Ndoubabé", "Béassoum", "Ngarmbassa",
  ],
}

/** Dependants are given plain first names; the family name is the patient's. */
export const CHILD_NAMES = {
  male: ["Moustapha", "Cheikh Tidiane", "Abdou", "Mouhamed", "Bassirou", "Mahamat Nour"],
  female: ["Mame Fatou", "Adja", "Sophie", "Aby", "Ndeye Fatou", "Hadjé Zara"],
}
