// Orders of battle for Eylau, 7-8 February 1807. Formation and regiment names are historical as
// far as we know them; the brigade groupings below division level, every strength,
// effectiveness and fire-level figure, and every command rating are our own values (the
// rulebook extract gives no counter values). Strength points follow rule 2.5: about 50-60
// infantry, 40-50 cavalry or one gun per point.
//
// A unit line: [kind, code, name, count, strength, effectiveness, fireLevel]
//   kind: inf (battalions; count = battalions), lc / hc / cos (cavalry regiment), fa / ha (foot /
//   horse battery; strength = guns); count repeats the unit (1st, 2nd battalion...).

const inf = (code, name, count, strength, eff, fire = 2) => ['inf', code, name, count, strength, eff, fire];
const lc = (code, name, strength, eff) => ['lc', code, name, 1, strength, eff, 2];
const hc = (code, name, strength, eff) => ['hc', code, name, 1, strength, eff, 2];
const cos = (code, name, strength, eff) => ['cos', code, name, 1, strength, eff, 3];
const fa = (code, name, guns, eff, fire) => ['fa', code, name, 1, guns, eff, fire];
const ha = (code, name, guns, eff, fire = 3) => ['ha', code, name, 1, guns, eff, fire];

// corps: { id, name, leader, rating, side, nation, morale, divisions: [{ id, name, leader, rating, brigades: [...] }] }
// brigade: { id, name, leader, replacement, rating, units }
export const FRENCH = [
  {
    id: 'fr-hq', name: 'Grande Armee headquarters', leader: 'Napoleon', rating: 8, bonus: 1, army: true, divisions: [],
  },
  {
    id: 'fr-guard', name: 'Imperial Guard', leader: 'Bessieres', rating: 5, morale: 20, divisions: [
      { id: 'fr-guard-div', name: 'Guard', leader: 'Lefebvre', rating: 4, brigades: [
        { id: 'fr-guard-inf', name: 'Guard infantry', leader: 'Dorsenne', replacement: 'Guard major', rating: 4, units: [
          inf('fr-gren-pied', 'Grenadiers a pied', 2, 12, 8, 1), inf('fr-chas-pied', 'Chasseurs a pied', 2, 12, 8, 1),
          fa('fr-guard-12', 'Guard foot artillery (12-pdr)', 8, 7, 1),
        ] },
        { id: 'fr-guard-cav', name: 'Guard cavalry', leader: 'Lepic', replacement: 'Guard colonel', rating: 4, units: [
          hc('fr-gren-chv', 'Grenadiers a cheval', 9, 8), lc('fr-chas-chv', 'Chasseurs a cheval', 9, 8),
          ha('fr-guard-ha', 'Guard horse artillery', 6, 7, 2),
        ] },
      ] },
    ],
  },
  {
    id: 'fr-iv', name: 'IV Corps', leader: 'Soult', rating: 6, morale: 24, divisions: [
      { id: 'fr-st-hilaire', name: '1st Division', leader: 'Saint-Hilaire', rating: 4, brigades: [
        { id: 'fr-candras', name: 'Candras brigade', leader: 'Candras', rating: 3, units: [inf('fr-10lt', '10e Leger', 2, 11, 5), inf('fr-35', '35e Ligne', 2, 11, 5)] },
        { id: 'fr-vare', name: 'Vare brigade', leader: 'Vare', rating: 3, units: [inf('fr-43', '43e Ligne', 2, 11, 5), inf('fr-55', '55e Ligne', 2, 11, 5)] },
      ] },
      { id: 'fr-leval', name: '2nd Division', leader: 'Leval', rating: 4, brigades: [
        { id: 'fr-ferey', name: 'Ferey brigade', leader: 'Ferey', rating: 3, units: [inf('fr-24lt', '24e Leger', 2, 11, 5), inf('fr-4', '4e Ligne', 2, 11, 5)] },
        { id: 'fr-vivies', name: 'Viviès brigade', leader: 'Vivies', rating: 3, units: [inf('fr-28', '28e Ligne', 2, 10, 5), inf('fr-46', '46e Ligne', 2, 10, 5), inf('fr-57', '57e Ligne', 2, 11, 6)] },
      ] },
      { id: 'fr-legrand', name: '3rd Division', leader: 'Legrand', rating: 4, brigades: [
        { id: 'fr-ledru', name: 'Ledru brigade', leader: 'Ledru des Essarts', rating: 3, units: [inf('fr-26lt', '26e Leger', 2, 11, 5), inf('fr-tir-po', 'Tirailleurs du Po', 1, 8, 5), inf('fr-tir-corse', 'Tirailleurs corses', 1, 8, 5)] },
        { id: 'fr-labassee', name: 'Labassee brigade', leader: 'Labassee', rating: 3, units: [inf('fr-18', '18e Ligne', 2, 11, 5), inf('fr-75', '75e Ligne', 2, 11, 5)] },
      ] },
      { id: 'fr-iv-cav', name: 'IV Corps light cavalry and artillery', leader: 'Guyot', rating: 3, brigades: [
        { id: 'fr-guyot', name: 'Guyot brigade', leader: 'Guyot', rating: 3, units: [lc('fr-8hus', '8e Hussards', 8, 5), lc('fr-16chs', '16e Chasseurs', 8, 5), lc('fr-26chs', '26e Chasseurs', 7, 5)] },
        { id: 'fr-iv-art', name: 'IV Corps artillery', leader: 'Lariboisiere', rating: 3, units: [fa('fr-iv-12', 'IV Corps reserve (12-pdr)', 8, 5, 1), fa('fr-iv-8a', 'IV Corps 1st foot (8-pdr)', 6, 5, 2), fa('fr-iv-8b', 'IV Corps 2nd foot (8-pdr)', 6, 5, 2)] },
      ] },
    ],
  },
  {
    id: 'fr-vii', name: 'VII Corps', leader: 'Augereau', rating: 4, morale: 18, divisions: [
      { id: 'fr-desjardins', name: '1st Division', leader: 'Desjardins', rating: 3, brigades: [
        { id: 'fr-lapisse', name: 'Lapisse brigade', leader: 'Lapisse', rating: 3, units: [inf('fr-16lt', '16e Leger', 2, 10, 5), inf('fr-44', '44e Ligne', 2, 10, 5)] },
        { id: 'fr-lefranc', name: 'Lefranc brigade', leader: 'Lefranc', rating: 3, units: [inf('fr-105', '105e Ligne', 2, 10, 5), inf('fr-14', '14e Ligne', 2, 10, 6)] },
      ] },
      { id: 'fr-heudelet', name: '2nd Division', leader: 'Heudelet', rating: 3, brigades: [
        { id: 'fr-sarrut', name: 'Sarrut brigade', leader: 'Sarrut', rating: 3, units: [inf('fr-7lt', '7e Leger', 2, 10, 5), inf('fr-24', '24e Ligne', 2, 10, 5)] },
        { id: 'fr-amey', name: 'Amey brigade', leader: 'Amey', rating: 3, units: [inf('fr-63', '63e Ligne', 2, 10, 5)] },
      ] },
      { id: 'fr-vii-cav', name: 'VII Corps light cavalry and artillery', leader: 'Durosnel', rating: 3, brigades: [
        { id: 'fr-durosnel', name: 'Durosnel brigade', leader: 'Durosnel', rating: 3, units: [lc('fr-7chs', '7e Chasseurs', 7, 5), lc('fr-20chs', '20e Chasseurs', 7, 5)] },
        { id: 'fr-vii-art', name: 'VII Corps artillery', leader: 'Dorsner', rating: 2, units: [fa('fr-vii-12', 'VII Corps reserve (12-pdr)', 6, 5, 1), fa('fr-vii-8', 'VII Corps foot (8-pdr)', 6, 5, 2)] },
      ] },
    ],
  },
  {
    id: 'fr-cr', name: 'Cavalry Reserve', leader: 'Murat', rating: 6, bonus: 1, morale: 20, divisions: [
      { id: 'fr-klein', name: '1st Dragoon Division', leader: 'Klein', rating: 4, brigades: [
        { id: 'fr-fenerols', name: 'Fenerols brigade', leader: 'Fenerols', rating: 3, units: [hc('fr-1drg', '1er Dragons', 8, 5), hc('fr-2drg', '2e Dragons', 8, 5), hc('fr-20drg', '20e Dragons', 7, 5)] },
        { id: 'fr-lamotte', name: 'Lamotte brigade', leader: 'Lamotte', rating: 3, units: [hc('fr-4drg', '4e Dragons', 8, 5), hc('fr-14drg', '14e Dragons', 7, 5), hc('fr-26drg', '26e Dragons', 7, 5)] },
      ] },
      { id: 'fr-grouchy', name: '2nd Dragoon Division', leader: 'Grouchy', rating: 4, brigades: [
        { id: 'fr-roget', name: 'Roget brigade', leader: 'Roget', rating: 3, units: [hc('fr-3drg', '3e Dragons', 8, 5), hc('fr-6drg', '6e Dragons', 8, 5)] },
        { id: 'fr-milet', name: 'Milet brigade', leader: 'Milet', rating: 3, units: [hc('fr-10drg', '10e Dragons', 8, 5), hc('fr-11drg', '11e Dragons', 8, 5)] },
      ] },
      { id: 'fr-milhaud', name: '3rd Dragoon Division', leader: 'Milhaud', rating: 4, brigades: [
        { id: 'fr-milhaud-1', name: '1st brigade', leader: 'Marisy', rating: 3, units: [hc('fr-5drg', '5e Dragons', 7, 5), hc('fr-8drg', '8e Dragons', 7, 5), hc('fr-12drg', '12e Dragons', 7, 5)] },
        { id: 'fr-milhaud-2', name: '2nd brigade', leader: 'Latour-Maubourg', rating: 3, units: [hc('fr-16drg', '16e Dragons', 7, 5), hc('fr-21drg', '21e Dragons', 7, 5)] },
      ] },
      { id: 'fr-hautpoul', name: '2nd Cuirassier Division', leader: "d'Hautpoul", rating: 5, brigades: [
        { id: 'fr-verdiere', name: 'Verdiere brigade', leader: 'Verdiere', rating: 3, units: [hc('fr-1cuir', '1er Cuirassiers', 9, 6), hc('fr-5cuir', '5e Cuirassiers', 9, 6)] },
        { id: 'fr-st-sulpice', name: 'Saint-Sulpice brigade', leader: 'Saint-Sulpice', rating: 3, units: [hc('fr-10cuir', '10e Cuirassiers', 9, 6), hc('fr-11cuir', '11e Cuirassiers', 9, 6), ha('fr-cr-ha', 'Reserve horse artillery', 6, 5, 3)] },
      ] },
    ],
  },
  {
    id: 'fr-iii', name: 'III Corps', leader: 'Davout', rating: 7, bonus: 1, morale: 26, divisions: [
      { id: 'fr-friant', name: '2nd Division', leader: 'Friant', rating: 5, brigades: [
        { id: 'fr-kister', name: 'Kister brigade', leader: 'Kister', rating: 3, units: [inf('fr-33', '33e Ligne', 2, 10, 6), inf('fr-48', '48e Ligne', 2, 10, 6)] },
        { id: 'fr-lochet', name: 'Lochet brigade', leader: 'Lochet', rating: 3, units: [inf('fr-108', '108e Ligne', 2, 10, 6), inf('fr-111', '111e Ligne', 2, 10, 6)] },
      ] },
      { id: 'fr-morand', name: '1st Division', leader: 'Morand', rating: 5, brigades: [
        { id: 'fr-honnieres', name: "d'Honnieres brigade", leader: "d'Honnieres", rating: 3, units: [inf('fr-13lt', '13e Leger', 2, 10, 6), inf('fr-17', '17e Ligne', 2, 10, 6)] },
        { id: 'fr-brouard', name: 'Brouard brigade', leader: 'Brouard', rating: 3, units: [inf('fr-30', '30e Ligne', 2, 10, 6), inf('fr-51', '51e Ligne', 2, 10, 6), inf('fr-61', '61e Ligne', 2, 10, 6)] },
      ] },
      { id: 'fr-gudin', name: '3rd Division', leader: 'Gudin', rating: 5, brigades: [
        { id: 'fr-petit', name: 'Petit brigade', leader: 'Petit', rating: 3, units: [inf('fr-12', '12e Ligne', 2, 10, 6), inf('fr-21', '21e Ligne', 2, 10, 6)] },
        { id: 'fr-gauthier', name: 'Gauthier brigade', leader: 'Gauthier', rating: 3, units: [inf('fr-25', '25e Ligne', 2, 10, 6), inf('fr-85', '85e Ligne', 2, 10, 6)] },
      ] },
      { id: 'fr-iii-cav', name: 'III Corps light cavalry and artillery', leader: 'Marulaz', rating: 3, brigades: [
        { id: 'fr-marulaz', name: 'Marulaz brigade', leader: 'Marulaz', rating: 3, units: [lc('fr-1chs', '1er Chasseurs', 7, 5), lc('fr-2chs', '2e Chasseurs', 7, 5), lc('fr-12chs', '12e Chasseurs', 7, 5)] },
        { id: 'fr-iii-art', name: 'III Corps artillery', leader: 'Hanicque', rating: 2, units: [fa('fr-iii-12', 'III Corps reserve (12-pdr)', 8, 6, 1), fa('fr-iii-8a', 'III Corps 1st foot (8-pdr)', 6, 6, 2), fa('fr-iii-8b', 'III Corps 2nd foot (8-pdr)', 6, 6, 2)] },
      ] },
    ],
  },
  {
    id: 'fr-vi', name: 'VI Corps', leader: 'Ney', rating: 6, morale: 16, divisions: [
      { id: 'fr-marchand', name: '1st Division', leader: 'Marchand', rating: 4, brigades: [
        { id: 'fr-villatte', name: 'Villatte brigade', leader: 'Villatte', rating: 3, units: [inf('fr-6lt', '6e Leger', 2, 10, 5), inf('fr-39', '39e Ligne', 2, 10, 5)] },
        { id: 'fr-roguet', name: 'Roguet brigade', leader: 'Roguet', rating: 3, units: [inf('fr-69', '69e Ligne', 2, 10, 5), inf('fr-76', '76e Ligne', 2, 10, 5)] },
      ] },
      { id: 'fr-vi-cav', name: 'VI Corps light cavalry', leader: 'Colbert', rating: 3, brigades: [
        { id: 'fr-colbert', name: 'Colbert brigade', leader: 'Colbert', rating: 4, units: [lc('fr-3hus', '3e Hussards', 7, 5), lc('fr-10chs', '10e Chasseurs', 7, 5), lc('fr-15chs', '15e Chasseurs', 6, 5), fa('fr-vi-8', 'VI Corps foot (8-pdr)', 6, 5, 2)] },
      ] },
    ],
  },
];

export const ALLIES = [
  { id: 'al-hq', name: 'Russian army headquarters', leader: 'Bennigsen', rating: 6, army: true, nation: 'russia', divisions: [] },
  {
    id: 'al-right', name: 'Right wing', leader: 'Tuchkov', rating: 4, morale: 20, nation: 'russia', divisions: [
      { id: 'ru-5div', name: '5th Division', leader: 'Tuchkov I', rating: 3, brigades: [
        { id: 'ru-5-1', name: '5th Div 1st brigade', leader: '5th Div 1st brigade chief', rating: 2, units: [inf('ru-sofia', 'Sofia Musketeers', 2, 10, 4), inf('ru-kaluga', 'Kaluga Musketeers', 2, 10, 4), inf('ru-24jg', '24th Jagers', 1, 9, 4, 3)] },
        { id: 'ru-5-2', name: '5th Div 2nd brigade', leader: '5th Div 2nd brigade chief', rating: 2, units: [inf('ru-perm', 'Perm Musketeers', 2, 10, 4), inf('ru-mogilev', 'Mogilev Musketeers', 2, 10, 4)] },
        { id: 'ru-5-cav', name: '5th Div cavalry and guns', leader: '5th Div cavalry chief', rating: 2, units: [hc('ru-kazan-drg', 'Kazan Dragoons', 8, 4), lc('ru-izum-hus', 'Izum Hussars', 8, 5), fa('ru-5-pos', '5th Position Co. (12-pdr)', 12, 5, 1)] },
      ] },
    ],
  },
  {
    id: 'al-centre', name: 'Centre', leader: 'Sacken', rating: 4, morale: 26, nation: 'russia', divisions: [
      { id: 'ru-3div', name: '3rd Division', leader: 'Sacken', rating: 3, brigades: [
        { id: 'ru-3-1', name: '3rd Div 1st brigade', leader: '3rd Div 1st brigade chief', rating: 2, units: [inf('ru-murom', 'Murom Musketeers', 2, 10, 4), inf('ru-tenginsk', 'Tenginsk Musketeers', 2, 10, 4)] },
        { id: 'ru-3-2', name: '3rd Div 2nd brigade', leader: '3rd Div 2nd brigade chief', rating: 2, units: [inf('ru-chernigov', 'Chernigov Musketeers', 2, 10, 4), inf('ru-20jg', '20th Jagers', 1, 9, 4, 3), inf('ru-21jg', '21st Jagers', 1, 9, 4, 3)] },
      ] },
      { id: 'ru-4div', name: '4th Division', leader: 'Somov', rating: 3, brigades: [
        { id: 'ru-4-1', name: '4th Div 1st brigade', leader: '4th Div 1st brigade chief', rating: 2, units: [inf('ru-tauride', 'Tauride Grenadiers', 2, 11, 5), inf('ru-kostroma', 'Kostroma Musketeers', 2, 10, 4)] },
        { id: 'ru-4-2', name: '4th Div 2nd brigade', leader: '4th Div 2nd brigade chief', rating: 2, units: [inf('ru-dnieper', 'Dnieper Musketeers', 2, 10, 4), inf('ru-polotsk', 'Polotsk Musketeers', 2, 10, 4)] },
      ] },
      { id: 'ru-centre-art', name: 'Centre grand battery', leader: 'Rezvoi', rating: 3, brigades: [
        { id: 'ru-grand-battery', name: 'Grand battery', leader: 'Grand battery chief', rating: 2, units: [fa('ru-pos-1', '1st Position Co. (12-pdr)', 12, 5, 1), fa('ru-pos-2', '2nd Position Co. (12-pdr)', 12, 5, 1), fa('ru-pos-3', '3rd Position Co. (12-pdr)', 12, 5, 1), fa('ru-lt-1', '1st Light Co. (6-pdr)', 12, 5, 2)] },
      ] },
    ],
  },
  {
    id: 'al-left', name: 'Left wing', leader: 'Ostermann-Tolstoi', rating: 5, morale: 22, nation: 'russia', divisions: [
      { id: 'ru-2div', name: '2nd Division', leader: 'Ostermann-Tolstoi', rating: 4, brigades: [
        { id: 'ru-2-1', name: '2nd Div 1st brigade', leader: 'Zapolsky', rating: 3, units: [inf('ru-pavlov', 'Pavlov Grenadiers', 2, 11, 6), inf('ru-petersburg', 'St Petersburg Grenadiers', 2, 11, 5)] },
        { id: 'ru-2-2', name: '2nd Div 2nd brigade', leader: 'Baggovut', rating: 3, units: [inf('ru-rostov', 'Rostov Musketeers', 2, 10, 4), inf('ru-libau', 'Libau Musketeers', 2, 10, 4), inf('ru-4jg', '4th Jagers', 1, 9, 4, 3)] },
        { id: 'ru-2-cav', name: '2nd Div cavalry and guns', leader: 'Koring', rating: 2, units: [hc('ru-kargopol-drg', 'Kargopol Dragoons', 8, 4), lc('ru-sumy-hus', 'Sumy Hussars', 8, 5), fa('ru-2-pos', '2nd Div Position Co. (12-pdr)', 12, 5, 1), ha('ru-2-ha', '2nd Div Horse Co.', 6, 5)] },
      ] },
      { id: 'ru-8div', name: '8th Division', leader: 'Essen III', rating: 3, brigades: [
        { id: 'ru-8-1', name: '8th Div 1st brigade', leader: '8th Div 1st brigade chief', rating: 2, units: [inf('ru-schlusselburg', 'Schlusselburg Musketeers', 2, 10, 4), inf('ru-old-ingermanland', 'Old Ingermanland Musketeers', 2, 10, 4)] },
        { id: 'ru-8-2', name: '8th Div 2nd brigade', leader: '8th Div 2nd brigade chief', rating: 2, units: [inf('ru-podolsk', 'Podolsk Musketeers', 2, 10, 4), inf('ru-archangel', 'Archangel Musketeers', 2, 10, 4), inf('ru-7jg', '7th Jagers', 1, 9, 4, 3)] },
      ] },
    ],
  },
  {
    id: 'al-reserve', name: 'Reserve', leader: 'Dokhturov', rating: 4, morale: 20, nation: 'russia', divisions: [
      { id: 'ru-7div', name: '7th Division', leader: 'Dokhturov', rating: 3, brigades: [
        { id: 'ru-7-1', name: '7th Div 1st brigade', leader: 'Markov', rating: 3, units: [inf('ru-moscow-gren', 'Moscow Grenadiers', 2, 11, 5), inf('ru-pskov', 'Pskov Musketeers', 2, 10, 4)] },
        { id: 'ru-7-2', name: '7th Div 2nd brigade', leader: '7th Div 2nd brigade chief', rating: 2, units: [inf('ru-vladimir', 'Vladimir Musketeers', 2, 10, 4), inf('ru-moscow-mus', 'Moscow Musketeers', 2, 10, 4)] },
      ] },
      { id: 'ru-cav-res', name: 'Reserve cavalry', leader: 'Golitsyn', rating: 4, brigades: [
        { id: 'ru-cuir', name: 'Cuirassier brigade', leader: 'Cuirassier brigade chief', rating: 3, units: [hc('ru-order-cuir', 'Military Order Cuirassiers', 9, 5), hc('ru-malorus-cuir', 'Little Russia Cuirassiers', 9, 5)] },
        { id: 'ru-drg', name: 'Dragoon brigade', leader: 'Dragoon brigade chief', rating: 2, units: [hc('ru-ingermanland-drg', 'Ingermanland Dragoons', 8, 4), hc('ru-pskov-drg', 'Pskov Dragoons', 8, 4), lc('ru-elisavetgrad-hus', 'Elisavetgrad Hussars', 8, 5)] },
        { id: 'ru-cossacks', name: 'Cossacks', leader: 'Cossack chief', rating: 2, units: [cos('ru-cos-ilovaisky', 'Ilovaisky Cossacks', 6, 4), cos('ru-cos-denisov', 'Denisov Cossacks', 6, 4)] },
      ] },
    ],
  },
  {
    id: 'al-ag', name: 'Advanced guard', leader: 'Bagration', rating: 6, bonus: 1, morale: 16, nation: 'russia', divisions: [
      { id: 'ru-ag', name: 'Advanced guard', leader: 'Barclay de Tolly', rating: 4, brigades: [
        { id: 'ru-ag-jg', name: 'Jager brigade', leader: 'Jager brigade chief', rating: 3, units: [inf('ru-1jg', '1st Jagers', 1, 9, 5, 3), inf('ru-3jg', '3rd Jagers', 1, 9, 5, 3), inf('ru-5jg', '5th Jagers', 1, 9, 5, 3), inf('ru-25jg', '25th Jagers', 1, 9, 5, 3)] },
        { id: 'ru-ag-inf', name: 'Advanced guard infantry', leader: 'AG infantry chief', rating: 2, units: [inf('ru-kexholm', 'Kexholm Musketeers', 2, 9, 4), inf('ru-ekaterinoslav', 'Ekaterinoslav Grenadiers', 2, 10, 5)] },
        { id: 'ru-ag-cav', name: 'Advanced guard cavalry', leader: 'AG cavalry chief', rating: 3, units: [lc('ru-pavlograd-hus', 'Pavlograd Hussars', 8, 5), lc('ru-alexandria-hus', 'Alexandria Hussars', 7, 5), cos('ru-cos-grekov', 'Grekov Cossacks', 5, 4), ha('ru-ag-ha', 'AG Horse Co.', 6, 5)] },
      ] },
    ],
  },
  {
    id: 'pr-corps', name: 'Prussian corps', leader: "L'Estocq", rating: 5, bonus: 1, morale: 14, nation: 'prussia', divisions: [
      { id: 'pr-div', name: 'Prussian corps troops', leader: 'Scharnhorst', rating: 5, brigades: [
        { id: 'pr-inf', name: 'Infantry', leader: 'von Diericke', rating: 3, units: [inf('pr-ruchel', 'IR von Ruchel', 2, 10, 5), inf('pr-schoning', 'IR von Schoning', 2, 10, 5), inf('pr-fabecky', 'Grenadier Bn Fabecky', 1, 9, 6), inf('pr-bulow-fus', 'Fusilier Bn von Bulow', 1, 8, 5, 3)] },
        { id: 'pr-cav', name: 'Cavalry', leader: 'von Auer', rating: 3, units: [hc('pr-baczko-drg', 'Dragoons von Baczko', 8, 5), hc('pr-auer-drg', 'Dragoons von Auer', 8, 5), lc('pr-prittwitz-hus', 'Hussars von Prittwitz', 7, 5), lc('pr-towarczys', 'Towarczys', 6, 5), ha('pr-ha', 'Horse battery', 8, 5)] },
      ] },
      { id: 'ru-14div', name: '14th Division (with the Prussians)', leader: 'Kamensky', rating: 3, nation: 'russia', brigades: [
        { id: 'ru-14-1', name: '14th Div brigade', leader: '14th Div brigade chief', rating: 2, units: [inf('ru-vyborg', 'Vyborg Musketeers', 2, 9, 4), inf('ru-26jg', '26th Jagers', 1, 8, 4, 3)] },
      ] },
    ],
  },
];
