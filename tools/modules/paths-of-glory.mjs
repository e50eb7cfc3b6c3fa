// Generates modules/paths-of-glory (JSON): node tools/modules/paths-of-glory.mjs
// Place names and card titles are historical facts; coordinates, connections, counter values,
// card values and every card text are our own. See modules/paths-of-glory/README.md.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { controlRules, fortStep, movementEffects, movementMemory, movementModes, movementSteps, procedures, tables } from './paths-of-glory-rules.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const OUT = join(ROOT, 'modules', 'paths-of-glory');
const write = (rel, schema, obj) => {
  const p = join(OUT, rel);
  mkdirSync(dirname(p), { recursive: true });
  const depth = rel.split('/').length - 1;
  writeFileSync(p, JSON.stringify({ $schema: `${'../'.repeat(depth + 2)}schema/${schema}.schema.json`, ...obj }, null, 2) + '\n');
};

// ------------------------------------------------------------------ spaces
// Three projections in one 2000x1600 frame: the west (lon -2..10) is drawn larger than the east, the Near East smaller.
const west = (lat, lon) => [Math.round(40 + (lon + 2) * 55), Math.round(80 + (53.5 - lat) * 85)];
const east = (lat, lon) => [Math.round(760 + (lon - 12) * 40), Math.round(40 + (60 - lat) * 54)];
// [id, name, lat, lon, nation, terrain?, tags?, values?]
const W = [
  ['london', 'London', 51.5, -0.13, 'br', null, ['port', 'capital', 'supply-source', 'vp']],
  ['calais', 'Calais', 50.95, 1.86, 'fr', null, ['port', 'vp']],
  ['ostend', 'Ostend', 51.22, 2.91, 'be', null, ['port']],
  ['ypres', 'Ypres', 50.85, 2.88, 'be'],
  ['antwerp', 'Antwerp', 51.22, 4.40, 'be', null, ['fort', 'port', 'vp'], { fort: 3 }],
  ['brussels', 'Brussels', 50.85, 4.35, 'be', null, ['capital', 'vp']],
  ['liege', 'Liege', 50.63, 5.57, 'be', null, ['fort'], { fort: 3 }],
  ['namur', 'Namur', 50.47, 4.87, 'be', null, ['fort'], { fort: 3 }],
  ['lille', 'Lille', 50.63, 3.06, 'fr', null, ['vp']],
  ['arras', 'Arras', 50.29, 2.78, 'fr'],
  ['cambrai', 'Cambrai', 50.18, 3.23, 'fr'],
  ['maubeuge', 'Maubeuge', 50.28, 3.97, 'fr', null, ['fort'], { fort: 2 }],
  ['amiens', 'Amiens', 49.89, 2.30, 'fr', null, ['vp']],
  ['rouen', 'Rouen', 49.44, 1.10, 'fr', null, ['port']],
  ['montdidier', 'Montdidier', 49.65, 2.57, 'fr'],
  ['st-quentin', 'St. Quentin', 49.85, 3.29, 'fr'],
  ['givet', 'Givet', 50.14, 4.83, 'fr', 'forest'],
  ['sedan', 'Sedan', 49.70, 4.94, 'fr', 'forest'],
  ['soissons', 'Soissons', 49.38, 3.32, 'fr'],
  ['reims', 'Reims', 49.26, 4.03, 'fr'],
  ['chateau-thierry', 'Chateau Thierry', 49.05, 3.40, 'fr'],
  ['paris', 'Paris', 48.86, 2.35, 'fr', null, ['capital', 'supply-source', 'fort', 'vp'], { fort: 3 }],
  ['melun', 'Melun', 48.54, 2.66, 'fr'],
  ['orleans', 'Orleans', 47.90, 1.90, 'fr'],
  ['chalons', 'Châlons', 48.96, 4.36, 'fr'],
  ['bar-le-duc', 'Bar le Duc', 48.77, 5.16, 'fr'],
  ['verdun', 'Verdun', 49.16, 5.38, 'fr', null, ['fort', 'vp'], { fort: 3 }],
  ['st-mihiel', 'St. Mihiel', 48.90, 5.54, 'fr'],
  ['toul', 'Toul', 48.68, 5.89, 'fr', null, ['fort'], { fort: 2 }],
  ['nancy', 'Nancy', 48.69, 6.18, 'fr', null, ['vp']],
  ['troyes', 'Troyes', 48.30, 4.07, 'fr'],
  ['dijon', 'Dijon', 47.32, 5.04, 'fr'],
  ['epinal', 'Épinal', 48.17, 6.45, 'fr', 'mountain', ['fort'], { fort: 2 }],
  ['belfort', 'Belfort', 47.64, 6.86, 'fr', null, ['fort'], { fort: 3 }],
  ['mulhouse', 'Mulhouse', 47.75, 7.34, 'ge'],
  ['strasbourg', 'Strasbourg', 48.58, 7.75, 'ge', null, ['fort', 'vp'], { fort: 3 }],
  ['metz', 'Metz', 49.12, 6.18, 'ge', null, ['fort', 'vp'], { fort: 3 }],
  ['luxembourg', 'Luxembourg', 49.61, 6.13, null, 'forest'],
  ['aachen', 'Aachen', 50.78, 6.08, 'ge'],
  ['koblenz', 'Koblenz', 50.36, 7.59, 'ge'],
  ['cologne', 'Cologne', 50.94, 6.96, 'ge'],
  ['essen', 'Essen', 51.46, 7.01, 'ge', null, ['supply-source']],
  ['frankfurt', 'Frankfurt', 50.11, 8.68, 'ge'],
  ['mannheim', 'Mannheim', 49.49, 8.47, 'ge'],
  ['karlsruhe', 'Karlsruhe', 49.0, 8.4, 'ge'],
  ['kassel', 'Kassel', 51.31, 9.48, 'ge'],
  ['hannover', 'Hannover', 52.37, 9.73, 'ge'],
];
const E = [
  ['berlin', 'Berlin', 52.52, 13.40, 'ge', null, ['capital', 'supply-source', 'vp']],
  ['leipzig', 'Leipzig', 51.34, 12.37, 'ge'],
  ['stettin', 'Stettin', 53.43, 14.55, 'ge', null, ['port']],
  ['danzig', 'Danzig', 54.35, 18.65, 'ge', null, ['port']],
  ['posen', 'Posen', 52.41, 16.93, 'ge', null, ['fort'], { fort: 2 }],
  ['thorn', 'Thorn', 53.01, 18.60, 'ge', null, ['fort'], { fort: 2 }],
  ['breslau', 'Breslau', 51.11, 17.03, 'ge', null, ['supply-source', 'vp']],
  ['konigsberg', 'Konigsberg', 54.71, 20.51, 'ge', null, ['fort', 'port', 'vp'], { fort: 3 }],
  ['insterburg', 'Insterberg', 54.63, 21.8, 'ge'],
  ['tannenberg', 'Tannenberg', 53.5, 20.13, 'ge', 'forest'],
  ['lotzen', 'Lötzen', 54.03, 21.76, 'ge', 'marsh', ['fort'], { fort: 1 }],
  ['kovno', 'Kovno', 54.90, 23.90, 'ru', null, ['fort', 'vp'], { fort: 2 }],
  ['vilna', 'Vilna', 54.69, 25.28, 'ru', null, ['vp']],
  ['grodno', 'Grodno', 53.68, 23.83, 'ru', 'forest', ['fort'], { fort: 2 }],
  ['bialystok', 'Bialystok', 53.13, 23.16, 'ru'],
  ['lomza', 'Lomza', 53.18, 22.06, 'ru'],
  ['novogeorgievsk', 'Novogeorgievsk', 52.43, 20.72, 'ru', null, ['fort'], { fort: 3 }],
  ['warsaw', 'Warsaw', 52.23, 21.01, 'ru', null, ['fort', 'vp'], { fort: 2 }],
  ['lodz', 'Lodz', 51.76, 19.46, 'ru', null, ['vp']],
  ['kalisz', 'Kalisz', 51.76, 18.09, 'ru'],
  ['czestochowa', 'Czestochowa', 50.81, 19.12, 'ru'],
  ['ivangorod', 'Ivangorod', 51.56, 21.86, 'ru', null, ['fort'], { fort: 2 }],
  ['radom', 'Radom', 51.40, 21.15, 'ru'],
  ['lublin', 'Lublin', 51.25, 22.57, 'ru'],
  ['kholm', 'Kholm', 51.14, 23.47, 'ru'],
  ['brest-litovsk', 'Brest Litovsk', 52.10, 23.69, 'ru', null, ['fort'], { fort: 2 }],
  ['pinsk', 'Pinsk', 52.12, 26.10, 'ru', 'marsh'],
  ['kovel', 'Kovel', 51.21, 24.71, 'ru', 'marsh'],
  ['lutsk', 'Lutsk', 50.75, 25.34, 'ru'],
  ['rovno', 'Rovno', 50.62, 26.25, 'ru'],
  ['dubno', 'Dubno', 50.42, 25.75, 'ru'],
  ['proskurov', 'Proskurov', 49.42, 26.98, 'ru'],
  ['kamenets-podolsk', 'Kamenets-Podolski', 48.68, 26.58, 'ru'],
  ['zhitomir', 'Zhitomir', 50.25, 28.66, 'ru'],
  ['kiev', 'Kiev', 50.45, 30.52, 'ru', null, ['supply-source', 'vp']],
  ['baranovichi', 'Baranovichi', 53.13, 26.01, 'ru', 'forest'],
  ['minsk', 'Minsk', 53.90, 27.57, 'ru', null, ['vp']],
  ['smolensk', 'Smolensk', 54.78, 32.04, 'ru', null, ['supply-source']],
  ['dvinsk', 'Dvinsk', 55.87, 26.52, 'ru'],
  ['riga', 'Riga', 56.95, 24.11, 'ru', null, ['port', 'vp']],
  ['shavli', 'Szawli', 55.93, 23.31, 'ru'],
  ['petrograd', 'Petrograd', 59.94, 30.31, 'ru', null, ['capital', 'supply-source', 'vp']],
  ['cracow', 'Cracow', 50.06, 19.94, 'ah', null, ['fort', 'vp'], { fort: 3 }],
  ['tarnow', 'Tarnow', 50.01, 20.99, 'ah'],
  ['neu-sandec', 'Neu Sandec', 49.62, 20.69, 'ah', 'mountain'],
  ['przemysl', 'Przemysl', 49.78, 22.77, 'ah', null, ['fort', 'vp'], { fort: 3 }],
  ['lemberg', 'Lemberg', 49.84, 24.03, 'ah', null, ['vp']],
  ['tarnopol', 'Tarnopol', 49.55, 25.59, 'ah'],
  ['stanislau', 'Stanislau', 48.92, 24.71, 'ah'],
  ['czernowitz', 'Czernowitz', 48.29, 25.94, 'ah'],
  ['munkacs', 'Munkacs', 48.44, 22.72, 'ah', 'mountain'],
  ['olmutz', 'Olmutz', 49.59, 17.25, 'ah'],
  ['vienna', 'Vienna', 48.21, 16.37, 'ah', null, ['capital', 'supply-source', 'vp']],
  ['budapest', 'Budapest', 47.50, 19.04, 'ah', null, ['supply-source', 'vp']],
  ['debrecen', 'Debrecen', 47.53, 21.63, 'ah'],
  ['temesvar', 'Timisvar', 45.75, 21.23, 'ah'],
  ['novi-sad', 'Novi Sad', 45.27, 19.83, 'ah'],
  ['sarajevo', 'Sarajevo', 43.86, 18.41, 'ah', 'mountain'],
  ['belgrade', 'Belgrade', 44.79, 20.45, 'sb', null, ['capital', 'fort', 'vp'], { fort: 2 }],
  ['valjevo', 'Valjevo', 44.27, 19.89, 'sb', 'mountain'],
  ['kragujevac', 'Kragujevac', 44.01, 20.91, 'sb'],
  ['nis', 'Nis', 43.32, 21.90, 'sb', null, ['supply-source']],
  ['skopje', 'Skopje', 42.0, 21.43, 'sb', 'mountain'],
  ['sofia', 'Sofia', 42.70, 23.32, 'bu', null, ['capital', 'supply-source', 'vp']],
  ['bucharest', 'Bucharest', 44.43, 26.10, 'ro', null, ['capital', 'vp']],
];
// Italy, the Alps, the Balkans, Romania and western Anatolia in the eastern projection (names as the
// published map spells them; positions from their latitude and longitude).
const SW = [['lyon', 'Lyon', 45.76, 4.84, 'fr'], ['grenoble', 'Grenoble', 45.19, 5.72, 'fr', 'mountain'], ['nice', 'Nice', 43.70, 7.27, 'fr', null, ['port']]];
const S = [
  ['turin', 'Turin', 45.07, 7.69, 'it', null, ['vp']], ['milan', 'Milan', 45.46, 9.19, 'it', null, ['vp']],
  ['genoa', 'Genoa', 44.41, 8.93, 'it', null, ['port']], ['maggiore', 'Maggiore', 45.95, 8.65, 'it', 'mountain'],
  ['verona', 'Verona', 45.44, 10.99, 'it'], ['asiago', 'Asiago', 45.87, 11.51, 'it', 'mountain'],
  ['venice', 'Venice', 45.44, 12.33, 'it', null, ['port', 'vp']], ['udine', 'Udine', 46.06, 13.24, 'it'],
  ['bologna', 'Bologna', 44.49, 11.34, 'it'], ['ravenna', 'Ravenna', 44.42, 12.20, 'it'], ['florence', 'Florence', 43.77, 11.25, 'it'],
  ['ancona', 'Ancona', 43.62, 13.52, 'it', null, ['port']], ['pescara', 'Pescara', 42.46, 14.21, 'it'], ['viterbo', 'Viterbo', 42.42, 12.10, 'it'],
  ['rome', 'Rome', 41.90, 12.50, 'it', null, ['capital', 'supply-source', 'vp']], ['naples', 'Naples', 40.85, 14.27, 'it', null, ['port']],
  ['foggia', 'Foggia', 41.46, 15.55, 'it'], ['taranto', 'Taranto', 40.47, 17.24, 'it', null, ['port']],
  ['munich', 'Munich', 48.14, 11.58, 'ge', null, ['vp']], ['nuremberg', 'Nuremberg', 49.45, 11.08, 'ge'],
  ['linz', 'Linz', 48.31, 14.29, 'ah'], ['innsbruck', 'Innsbruck', 47.27, 11.39, 'ah', 'mountain'],
  ['trent', 'Trent', 46.07, 11.12, 'ah', 'mountain', ['fort', 'vp'], { fort: 2 }], ['spittal', 'Spittal', 46.80, 13.49, 'ah', 'mountain'],
  ['villach', 'Villach', 46.61, 13.85, 'ah', 'mountain'], ['trieste', 'Trieste', 45.65, 13.77, 'ah', null, ['fort', 'port', 'vp'], { fort: 2 }],
  ['graz', 'Graz', 47.07, 15.44, 'ah'], ['zagreb', 'Zagreb', 45.81, 15.98, 'ah'], ['pecs', 'Pecs', 46.07, 18.23, 'ah'],
  ['szeged', 'Szeged', 46.25, 20.15, 'ah'], ['banja-luka', 'Banja Luka', 44.77, 17.19, 'ah', 'mountain'], ['mostar', 'Mostar', 43.34, 17.81, 'ah', 'mountain'],
  ['cluj', 'Cluj', 46.77, 23.59, 'ah'], ['schossburg', 'Schossburg', 46.22, 24.79, 'ah', 'mountain'],
  ['hermannstadt', 'Hermannstadt', 45.79, 24.15, 'ah', 'mountain'], ['kronstadt', 'Kronstadt', 45.65, 25.61, 'ah', 'mountain'],
  ['cetinje', 'Cetinje', 42.39, 18.92, 'mn', 'mountain', ['capital']], ['tirana', 'Tirana', 41.33, 19.82, null, 'mountain'],
  ['valona', 'Valona', 40.47, 19.49, null, null, ['port']], ['monastir', 'Monastir', 41.03, 21.33, 'sb', 'mountain'],
  ['florina', 'Florina', 40.78, 21.41, 'gr', 'mountain'], ['salonika', 'Salonika', 40.64, 22.94, 'gr', null, ['port', 'vp']],
  ['larisa', 'Larisa', 39.64, 22.42, 'gr'], ['athens', 'Athens', 37.98, 23.73, 'gr', null, ['capital', 'port', 'vp']],
  ['kavala', 'Kavala', 40.94, 24.41, 'gr', null, ['port']], ['strumitsa', 'Strumitsa', 41.44, 22.64, 'bu', 'mountain'],
  ['philippoli', 'Philippoli', 42.14, 24.75, 'bu'], ['kazanlik', 'Kazanlik', 42.62, 25.40, 'bu', 'mountain'],
  ['plevna', 'Plevna', 43.42, 24.61, 'bu'], ['varna', 'Varna', 43.21, 27.91, 'bu', null, ['port']], ['burgas', 'Burgas', 42.50, 27.47, 'bu', null, ['port']],
  ['targu-jiu', 'Targu Jiu', 45.04, 23.27, 'ro', 'mountain'], ['carte-de-arges', 'Carte de Arges', 45.14, 24.68, 'ro', 'mountain'],
  ['caracal', 'Caracal', 44.11, 24.35, 'ro'], ['ploesti', 'Ploesti', 44.94, 26.03, 'ro'], ['constanta', 'Constanta', 44.18, 28.63, 'ro', null, ['port']],
  ['galatz', 'Galatz', 45.44, 28.04, 'ro'], ['barlad', 'Barlad', 46.23, 27.67, 'ro'], ['jassy', 'Jassy', 47.16, 27.59, 'ro'],
  ['kishinev', 'Kishinev', 47.01, 28.86, 'ru'], ['ismail', 'Ismail', 45.35, 28.84, 'ru'], ['odessa', 'Odessa', 46.48, 30.73, 'ru', null, ['port', 'supply-source']],
  ['adrianople', 'Adrianople', 41.68, 26.56, 'tu', null, ['fort'], { fort: 2 }], ['gallipoli', 'Gallipoli', 40.41, 26.67, 'tu'],
  ['cana-kale', 'Cana Kale', 40.15, 26.41, 'tu', null, ['fort'], { fort: 2 }],
  ['constantinople', 'Constantinople', 41.01, 28.98, 'tu', null, ['capital', 'supply-source', 'fort', 'port', 'vp'], { fort: 3 }],
  ['bursa', 'Bursa', 40.19, 29.06, 'tu'], ['balikesir', 'Balikesir', 39.65, 27.88, 'tu'], ['izmir', 'Izmir', 38.42, 27.14, 'tu', null, ['port']],
];
// Anatolia, the Caucasus, Persia, Mesopotamia, the Levant, Egypt and Libya: a third projection, drawn
// smaller, south-east of the eastern front (as the published map puts them in its corner).
const near = (lat, lon) => [Math.round(1450 + (lon - 30) * 26), Math.round(1110 + (40 - lat) * 28)];
const N = [
  ['adapazari', 'Adapazari', 40.78, 30.40, 'tu'], ['eskidor', 'Eskidor', 39.77, 30.52, 'tu'],
  ['ankara', 'Ankara', 39.93, 32.86, 'tu'], ['konya', 'Konya', 37.87, 32.48, 'tu'], ['sinope', 'Sinope', 42.03, 35.15, 'tu', null, ['port']],
  ['samsun', 'Samsun', 41.29, 36.33, 'tu'], ['sivas', 'Sivas', 39.75, 37.02, 'tu'], ['kayseri', 'Kayseri', 38.73, 35.49, 'tu'],
  ['adana', 'Adana', 37.00, 35.32, 'tu'], ['giresun', 'Giresun', 40.91, 38.39, 'tu'], ['trebizond', 'Trebizond', 41.00, 39.72, 'tu', null, ['port']],
  ['rize', 'Rize', 41.02, 40.52, 'tu', 'mountain'], ['erzingan', 'Erzingan', 39.75, 39.49, 'tu', 'mountain'],
  ['erzerum', 'Erzerum', 39.90, 41.27, 'tu', 'mountain', ['fort', 'vp'], { fort: 2 }], ['eleskirt', 'Eleskirt', 39.80, 42.67, 'tu', 'mountain'],
  ['van', 'Van', 38.50, 43.38, 'tu', 'mountain'], ['bitlis', 'Bitlis', 38.40, 42.11, 'tu', 'mountain'], ['kharput', 'Kharput', 38.71, 39.25, 'tu'],
  ['diyarbakir', 'Diyarbakir', 37.91, 40.24, 'tu'], ['urfa', 'Urfa', 37.16, 38.79, 'tu'], ['mardin', 'Mardin', 37.31, 40.74, 'tu'],
  ['aleppo', 'Aleppo', 36.20, 37.13, 'tu'], ['mosul', 'Mosul', 36.34, 43.13, 'tu'], ['kirkuk', 'Kirkuk', 35.47, 44.39, 'tu'],
  ['baghdad', 'Baghdad', 33.31, 44.36, 'tu', null, ['vp']], ['kut', 'Kut', 32.50, 45.83, 'tu'], ['samawah', 'Samawah', 31.31, 45.28, 'tu', 'desert'],
  ['an-nasiriya', 'An Nasiriya', 31.04, 46.26, 'tu', 'desert'], ['qurna', 'Qurna', 31.01, 47.43, 'tu', 'marsh'],
  ['basra', 'Basra', 30.51, 47.81, 'tu', null, ['port']], ['damascus', 'Damascus', 33.51, 36.29, 'tu', null, ['vp']],
  ['beirut', 'Beirut', 33.89, 35.50, 'tu', null, ['port']], ['nablus', 'Nablus', 32.22, 35.25, 'tu'], ['amman', 'Amman', 31.95, 35.93, 'tu', 'desert'],
  ['jerusalem', 'Jerusalem', 31.77, 35.21, 'tu', null, ['vp']], ['gaza', 'Gaza', 31.50, 34.47, 'tu'], ['beersheba', 'Beersheba', 31.25, 34.79, 'tu', 'desert'],
  ['aqaba', 'Aqaba', 29.53, 35.01, 'tu', 'desert'], ['medina', 'Medina', 24.47, 39.61, 'tu', 'desert', ['vp']], ['arabia', 'Arabia', 27.0, 42.0, null, 'desert'],
  ['sinai', 'Sinai', 30.0, 33.8, 'br', 'desert'], ['port-said', 'Port Said', 31.26, 32.30, 'br', null, ['port']],
  ['cairo', 'Cairo', 30.04, 31.24, 'br', null, ['supply-source']], ['alexandria', 'Alexandria', 31.20, 29.92, 'br', null, ['port', 'supply-source']],
  ['libya', 'Libya', 32.0, 23.0, 'it', 'desert'],
  ['batum', 'Batum', 41.64, 41.64, 'ru', null, ['port']], ['poti', 'Poti', 42.15, 41.67, 'ru', null, ['port']],
  ['kars', 'Kars', 40.60, 43.10, 'ru', 'mountain', ['fort'], { fort: 2 }], ['tbilisi', 'Tbilisi', 41.72, 44.79, 'ru', null, ['vp']],
  ['erivan', 'Erivan', 40.18, 44.51, 'ru', 'mountain'], ['elizabethpol', 'Elizabethpol', 40.68, 46.36, 'ru'],
  ['baku', 'Baku', 40.41, 49.87, 'ru', null, ['vp']], ['grozny', 'Grozny', 43.32, 45.69, 'ru', null, ['supply-source']],
  ['petrovsk', 'Petrovsk', 42.98, 47.50, 'ru', null, ['port']],
  ['dilman', 'Dilman', 38.15, 44.80, null, 'mountain'], ['tabriz', 'Tabriz', 38.08, 46.29, null], ['hamadan', 'Hamadan', 34.80, 48.51, null, 'mountain'],
  ['kermanshah', 'Kermanshah', 34.31, 47.07, null, 'mountain'], ['khorramabad', 'Khorramabad', 33.49, 48.36, null, 'mountain'],
  ['ahwaz', 'Ahwaz', 31.32, 48.67, null],
];
const space = (proj) => ([id, name, lat, lon, nation, terrain, tags, values]) => {
  const [x, y] = proj(lat, lon);
  return { id, name, x, y, terrain: terrain ?? 'clear', ...(nation ? { nation } : {}), ...(tags ? { tags } : {}), ...(values ? { values } : {}) };
};
const spaces = [...W.map(space(west)), ...E.map(space(east)), ...SW.map(space(west)), ...S.map(space(east)), ...N.map(space(near))];
const WIDTH = 2000, HEIGHT = 1600;
// Nudge apart spaces drawn closer than 36 px (a counter stack needs room); deterministic.
for (let pass = 0; pass < 60; pass++) {
  for (const a of spaces) for (const b of spaces) {
    if (a.id >= b.id) continue;
    const dx = b.x - a.x, dy = b.y - a.y, d = Math.hypot(dx, dy);
    if (d >= 36) continue;
    const push = (36 - d) / 2 + 0.5, ux = d ? dx / d : 1, uy = d ? dy / d : 0;
    a.x = Math.round(a.x - ux * push); a.y = Math.round(a.y - uy * push);
    b.x = Math.round(b.x + ux * push); b.y = Math.round(b.y + uy * push);
  }
}

const plain = `
london calais:channel
calais ostend; calais ypres; calais amiens; ostend ypres; ostend antwerp; ypres lille; ypres brussels
antwerp brussels; brussels lille; brussels namur; brussels liege; brussels maubeuge; lille arras; lille cambrai
arras amiens; arras cambrai; amiens rouen; amiens montdidier; rouen paris; montdidier paris; montdidier st-quentin
cambrai st-quentin; cambrai maubeuge; maubeuge namur; maubeuge givet; namur givet; namur liege; liege aachen
givet sedan; st-quentin soissons; soissons reims; soissons chateau-thierry; reims sedan; reims chalons
chateau-thierry paris; chateau-thierry chalons; paris melun; paris orleans; melun troyes; melun orleans
chalons bar-le-duc; chalons troyes; bar-le-duc verdun; bar-le-duc st-mihiel; troyes dijon; dijon belfort; dijon epinal; orleans dijon
sedan verdun; sedan luxembourg; verdun metz; verdun st-mihiel; st-mihiel toul; st-mihiel metz; toul nancy; nancy metz
nancy epinal; nancy strasbourg; epinal belfort; epinal strasbourg; belfort mulhouse; mulhouse strasbourg; strasbourg karlsruhe
metz luxembourg; metz mannheim; luxembourg koblenz; luxembourg liege; aachen cologne; aachen koblenz; cologne koblenz; cologne essen
koblenz frankfurt; mannheim frankfurt; mannheim karlsruhe; frankfurt kassel; essen kassel; essen hannover; hannover kassel; hannover berlin; kassel leipzig
berlin leipzig; berlin stettin; berlin posen; berlin breslau; stettin danzig; danzig konigsberg; danzig thorn
thorn posen; thorn tannenberg; thorn novogeorgievsk; posen kalisz; posen breslau; breslau kalisz; breslau czestochowa; breslau olmutz; breslau cracow
konigsberg insterburg; konigsberg tannenberg; insterburg lotzen; insterburg kovno; insterburg shavli; lotzen tannenberg; lotzen grodno; lotzen lomza; tannenberg novogeorgievsk
kovno vilna; kovno grodno; kovno shavli; shavli riga; riga dvinsk; dvinsk vilna; dvinsk petrograd; vilna minsk; vilna grodno
grodno bialystok; bialystok lomza; bialystok brest-litovsk; bialystok baranovichi; lomza novogeorgievsk; novogeorgievsk warsaw
warsaw lodz; warsaw ivangorod; warsaw brest-litovsk; lodz kalisz; lodz czestochowa; lodz radom; czestochowa cracow; czestochowa radom
radom ivangorod; radom tarnow; ivangorod lublin; lublin kholm; lublin przemysl; kholm brest-litovsk; kholm kovel; kholm lemberg
brest-litovsk pinsk; brest-litovsk kovel; pinsk baranovichi; pinsk rovno:marsh-track; baranovichi minsk; minsk smolensk
kovel lutsk; lutsk dubno; lutsk rovno; rovno zhitomir; rovno dubno; dubno tarnopol; dubno lemberg; tarnopol lemberg; tarnopol proskurov; tarnopol stanislau
kamenets-podolsk czernowitz; kamenets-podolsk proskurov; proskurov zhitomir; zhitomir kiev
stanislau czernowitz; stanislau lemberg; stanislau munkacs; lemberg przemysl; przemysl tarnow; przemysl munkacs; tarnow cracow; tarnow neu-sandec
cracow neu-sandec; cracow olmutz; neu-sandec budapest; munkacs debrecen; olmutz vienna; vienna budapest; budapest debrecen; budapest novi-sad
debrecen temesvar; temesvar novi-sad; temesvar belgrade; novi-sad belgrade; sarajevo valjevo:drina-ford; belgrade valjevo; belgrade kragujevac
valjevo kragujevac; kragujevac nis; nis skopje; nis sofia; skopje sofia
dijon lyon; lyon grenoble; grenoble nice; grenoble turin; nice genoa; turin milan; turin genoa; turin maggiore; milan maggiore
milan verona; milan genoa; milan bologna; genoa florence; verona trent; verona asiago; verona venice; verona bologna
asiago trent; asiago udine; venice udine; venice ravenna; bologna ravenna; bologna florence; ravenna ancona; florence viterbo
florence ancona; ancona pescara; viterbo rome; pescara rome; pescara foggia; rome naples; naples foggia; foggia taranto; naples taranto
udine trieste; udine villach; trent innsbruck; innsbruck munich; innsbruck spittal; spittal villach; villach graz; villach trieste
trieste zagreb; graz vienna; graz zagreb; linz vienna; linz munich; linz spittal; munich nuremberg; munich karlsruhe; nuremberg frankfurt; nuremberg leipzig
zagreb pecs; zagreb banja-luka; pecs budapest; pecs novi-sad; szeged budapest; szeged temesvar; szeged novi-sad; szeged debrecen
banja-luka sarajevo; banja-luka novi-sad; mostar sarajevo; mostar cetinje; cetinje sarajevo; cetinje tirana; tirana valona; tirana monastir
valona florina; monastir florina; monastir skopje; florina salonika; florina larisa; larisa athens; larisa salonika; salonika strumitsa; salonika kavala
strumitsa skopje; strumitsa sofia; kavala philippoli; kavala adrianople; philippoli sofia; philippoli kazanlik; philippoli adrianople
kazanlik plevna; kazanlik burgas; plevna sofia; plevna bucharest; plevna caracal; varna burgas; varna constanta; varna kazanlik; burgas adrianople
adrianople constantinople; adrianople gallipoli; gallipoli cana-kale:dardanelles; cana-kale balikesir; constantinople adapazari; constantinople bursa:bosporus
bursa adapazari; bursa balikesir; bursa eskidor; balikesir izmir; izmir eskidor; eskidor adapazari; eskidor ankara; eskidor konya
ankara sinope; ankara sivas; ankara kayseri; ankara konya; sinope samsun; samsun sivas; samsun giresun; giresun trebizond; giresun erzingan
trebizond rize; trebizond erzingan; rize batum; batum poti; batum kars; poti tbilisi; tbilisi grozny; grozny petrovsk; petrovsk baku
baku elizabethpol; elizabethpol tbilisi; elizabethpol erivan; elizabethpol tabriz; tbilisi kars; tbilisi erivan; kars erivan; kars eleskirt
eleskirt erzerum; erivan dilman; erzerum erzingan; erzerum bitlis; erzingan sivas; erzingan kharput; eleskirt van; van bitlis; van dilman
dilman tabriz; tabriz hamadan; bitlis diyarbakir; diyarbakir kharput; diyarbakir mardin; kharput sivas; kharput urfa; kayseri sivas; kayseri adana
konya adana; adana aleppo; aleppo urfa; aleppo damascus; aleppo beirut; urfa mardin; mardin mosul; mosul kirkuk; kirkuk baghdad; mosul baghdad
baghdad kut; baghdad kermanshah; kut samawah; kut qurna; samawah an-nasiriya; an-nasiriya qurna; an-nasiriya arabia; qurna basra; qurna ahwaz; ahwaz basra
ahwaz khorramabad; khorramabad kermanshah; kermanshah hamadan; damascus beirut; damascus nablus; damascus amman; beirut nablus; nablus jerusalem
amman jerusalem; amman medina; medina arabia; medina aqaba; jerusalem gaza; jerusalem beersheba; gaza beersheba; gaza sinai; beersheba sinai; aqaba sinai
sinai port-said; port-said cairo; cairo alexandria; port-said alexandria; alexandria libya
temesvar targu-jiu; temesvar cluj; debrecen cluj; munkacs cluj; cluj schossburg; cluj hermannstadt; schossburg hermannstadt; schossburg kronstadt; schossburg czernowitz
hermannstadt kronstadt; hermannstadt carte-de-arges; hermannstadt targu-jiu; kronstadt ploesti; targu-jiu caracal; carte-de-arges caracal; carte-de-arges ploesti
caracal bucharest; ploesti bucharest; ploesti barlad; bucharest galatz; bucharest constanta; galatz constanta; galatz barlad; galatz ismail
barlad jassy; jassy czernowitz; jassy kishinev; kishinev ismail; kishinev kamenets-podolsk; kishinev odessa; ismail odessa; odessa kiev
taranto valona:otranto
`;
const connections = plain.trim().split(/[;\n]/).map((s) => s.trim()).filter(Boolean).map((s) => {
  const [a, rest] = s.split(/\s+/);
  const [b, type] = rest.split(':');
  return { a, b, ...(type ? { type } : {}) };
});
{
  // The drawing holds together: known spaces, no connection twice, one connected map, all in the frame.
  const ids = new Set(spaces.map((x) => x.id));
  const seenC = new Set();
  for (const c of connections) {
    if (!ids.has(c.a) || !ids.has(c.b)) throw new Error(`connection ${c.a} ${c.b}: unknown space`);
    const k = [c.a, c.b].sort().join('|');
    if (seenC.has(k)) throw new Error(`connection ${k} twice`);
    seenC.add(k);
  }
  const reach = new Set(['paris']);
  for (let grew = true; grew;) { grew = false; for (const c of connections) for (const [x, y] of [[c.a, c.b], [c.b, c.a]]) if (reach.has(x) && !reach.has(y)) { reach.add(y); grew = true; } }
  const lost = [...ids].filter((x) => !reach.has(x));
  if (lost.length) throw new Error(`spaces not connected to the map: ${lost.join(', ')}`);
  for (const x of spaces) { x.x = Math.min(WIDTH - 10, Math.max(10, x.x)); x.y = Math.min(HEIGHT - 10, Math.max(10, x.y)); }
}
const connectionTypes = [
  { id: 'channel', name: 'Cross-Channel sea route (British, French and US units only)', nations: ['br', 'fr', 'us'], style: 'dashed', color: '#1f5fbf' },
  { id: 'marsh-track', name: 'Pripet marsh track (Russian units only)', nations: ['ru'], style: 'dashed', color: '#4f7f4f' },
  { id: 'drina-ford', name: 'Drina ford (Austro-Hungarian and Serbian units only)', nations: ['ah', 'sb'], style: 'dashed', color: '#7f4f1f' },
  { id: 'dardanelles', name: 'Dardanelles crossing (Turkish and German units only)', nations: ['tu', 'ge'], style: 'dashed', color: '#1f5fbf' },
  { id: 'bosporus', name: 'Bosporus crossing (Turkish, German, Austro-Hungarian and Bulgarian units only)', nations: ['tu', 'ge', 'ah', 'bu'], style: 'dashed', color: '#1f5fbf' },
  { id: 'otranto', name: 'Strait of Otranto sea route (Italian units only)', nations: ['it'], style: 'dashed', color: '#1f5fbf' },
];
write('boards/europe.json', 'board', { id: 'europe', name: 'Europe and the Near East, 1914–1918', kind: 'points', width: WIDTH, height: HEIGHT, spaces, connectionTypes, connections });

// ------------------------------------------------------------------ module.json
const ARMY_NATIONS = ['ge', 'ah', 'tu', 'bu', 'fr', 'br', 'ru', 'it', 'us', 'be', 'sb', 'ro'];
const ACTIVATION = { tracks: { cp: 'cp-ops', ap: 'ap-ops' }, per: 'nation', rule: '§4.2' };
const NEUTRAL = [['it', 'Italy'], ['tu', 'Turkey'], ['bu', 'Bulgaria'], ['ro', 'Romania'], ['gr', 'Greece']];
const RP_NATIONS = [['ge', 'Germany', 'cp'], ['ah', 'Austria-Hungary', 'cp'], ['tu', 'Turkey', 'cp'], ['bu', 'Bulgaria', 'cp'],
  ['fr', 'France', 'ap'], ['br', 'Britain', 'ap'], ['ru', 'Russia', 'ap'], ['it', 'Italy', 'ap'], ['us', 'United States', 'ap'], ['allied', 'Allied minor powers (Belgium, Serbia, Romania)', 'ap']];
write('module.json', 'module', {
  id: 'paths-of-glory',
  version: '0.1.0',
  title: 'Paths of Glory (Hexpost module)',
  description: 'Card-driven First World War on a point-to-point map of the Western and Eastern fronts. Built from seed rules summary 004; map drawing, counter and card values and all card texts are our own.',
  sides: [
    { id: 'cp', name: 'Central Powers', color: '#5a5a5a', nations: ['ge', 'ah', 'tu', 'bu'] },
    { id: 'ap', name: 'Allied Powers', color: '#3a6b35', nations: ['fr', 'br', 'be', 'ru', 'sb', 'it', 'us', 'ro', 'gr', 'mn'] },
  ],
  dice: [{ id: 'd6', sides: 6 }],
  terrain: [
    { id: 'clear', name: 'Clear', on: 'hex', color: '#efe8d0', cost: { '*': 1 } },
    { id: 'forest', name: 'Forest', on: 'hex', color: '#7fa36a', cost: { '*': 1 }, note: 'attacker -1 on the fire roll (ours)' },
    { id: 'mountain', name: 'Mountain', on: 'hex', color: '#a08c6c', cost: { '*': 1 }, note: 'attacker -1 on the fire roll (ours)' },
    { id: 'marsh', name: 'Marsh', on: 'hex', color: '#9cc3b8', cost: { '*': 1 }, note: 'attacker -1 on the fire roll (ours)' },
    { id: 'desert', name: 'Desert', on: 'hex', color: '#e8d8a0', cost: { '*': 1 }, note: 'no trenches (ours)' },
  ],
  boxes: [
    { id: 'cp-reserve', name: 'Central Powers reserve box', owner: 'cp' },
    { id: 'ap-reserve', name: 'Allied reserve box', owner: 'ap' },
    // §10 "被消灭的缺乏补给军团进入可替换区域": eliminated units go here (the outcomes' losses too)
    { id: 'cp-eliminated', name: 'Central Powers eliminated (replaceable) units', owner: 'cp', eliminated: true },
    { id: 'ap-eliminated', name: 'Allied eliminated (replaceable) units', owner: 'ap', eliminated: true },
    { id: 'cp-removed', name: 'Central Powers units permanently removed', owner: 'cp' },
    { id: 'ap-removed', name: 'Allied units permanently removed', owner: 'ap' },
    { id: 'cp-reinforcements', name: 'Central Powers units not yet in play', owner: 'cp' },
    { id: 'ap-reinforcements', name: 'Allied units not yet in play', owner: 'ap' },
  ],
  tracks: [
    { id: 'vp', name: 'Victory points (up is good for the Central Powers)', min: 0, max: 20, initial: 10 },
    { id: 'cp-war-status', name: 'Central Powers war status', min: 0, max: 40, initial: 0, owner: 'cp' },
    { id: 'ap-war-status', name: 'Allied war status', min: 0, max: 40, initial: 0, owner: 'ap' },
    { id: 'combined-war-status', name: 'Combined war status (armistice threshold)', min: 0, max: 80, initial: 0 },
    { id: 'cp-commitment', name: 'Central Powers war commitment', min: 0, max: 2, initial: 0, owner: 'cp', labels: { '0': 'Mobilization', '1': 'Limited War', '2': 'Total War' } },
    { id: 'ap-commitment', name: 'Allied war commitment', min: 0, max: 2, initial: 0, owner: 'ap', labels: { '0': 'Mobilization', '1': 'Limited War', '2': 'Total War' } },
    // 7 "积累的补充点数会在本回合补充阶段使用，未使用部分不能保留到下一回合": unused points are gone by the draw phase
    ...RP_NATIONS.map(([n, name, side]) => ({ id: `rp-${n}`, name: `Replacement points: ${name}`, min: 0, max: 12, initial: 0, owner: side, reset: { phase: 'draw', to: 0 }, rule: '7' })),
    { id: 'action-round', name: 'Action round', min: 1, max: 6, initial: 1 },
    // §4 "玩家获得等于该卡行动点数的激活点数…未使用的激活点数不能累积到下一次行动": set by the card played as ops, spent by activations
    ...[['cp', 'Central Powers'], ['ap', 'Allied']].map(([id, name]) => ({ id: `${id}-ops`, name: `${name} operations points (this action)`, min: 0, max: 6, initial: 0, owner: id, reset: { phase: 'attrition', to: 0 }, rule: '§4' })),
    // §8 "中立国家参战事件生效后…开始遵守相应国家的行动、补给和特殊限制": a neutral nation's spaces are nobody's
    // until its entry event (the players' `track at-war-<n> 1`); the nations neutral in August 1914 are ours
    ...NEUTRAL.map(([n, name]) => ({ id: `at-war-${n}`, name: `${name} at war (0 neutral, 1 at war)`, min: 0, max: 1, initial: 0, rule: '§8' })),
  ],
  movement: { allowance: 'movement', modes: movementModes, memory: movementMemory,
    steps: [...movementSteps, fortStep(ARMY_NATIONS.map((n) => `${n}-army`))], effects: movementEffects },
  rules: { stackLimit: 3, ...controlRules(NEUTRAL.map(([n]) => n), ARMY_NATIONS.map((n) => `${n}-army`)) },
});

// ------------------------------------------------------------------ pieces
// [nation, name, army full, army reduced, corps full, corps reduced] as combat-loss-movement (ours).
// (the nations of ARMY_NATIONS, in its order)
const NAT = [
  ['ge', 'German', [5, 3, 3], [3, 3, 3], [2, 1, 4], [1, 1, 4]],
  ['ah', 'Austro-Hungarian', [3, 3, 3], [2, 3, 3], [1, 1, 3], [1, 1, 3]],
  ['tu', 'Turkish', [2, 3, 3], [1, 3, 3], [1, 1, 3], [1, 1, 3]],
  ['bu', 'Bulgarian', [3, 3, 3], [2, 3, 3], [1, 1, 3], [1, 1, 3]],
  ['fr', 'French', [3, 3, 3], [2, 3, 3], [1, 1, 3], [1, 1, 3]],
  ['br', 'British', [4, 3, 4], [2, 3, 4], [1, 1, 4], [1, 1, 4]],
  ['ru', 'Russian', [3, 3, 3], [2, 3, 3], [1, 1, 3], [1, 1, 3]],
  ['it', 'Italian', [2, 3, 3], [1, 3, 3], [1, 1, 3], [1, 1, 3]],
  ['us', 'American', [5, 3, 4], [3, 3, 4], [2, 1, 4], [1, 1, 4]],
  ['be', 'Belgian', [2, 2, 3], [1, 2, 3], [1, 1, 3], [1, 1, 3]],
  ['sb', 'Serbian', [2, 2, 3], [1, 2, 3], [1, 1, 3], [1, 1, 3]],
  ['ro', 'Romanian', [2, 2, 3], [1, 2, 3], [1, 1, 3], [1, 1, 3]],
];
const v = ([combat, loss, movement]) => ({ combat, loss, movement });
const pieceTypes = NAT.flatMap(([n, adj, af, ar, cf, cr]) => [
  { id: `${n}-army`, name: `${adj} army`, faces: [{ id: 'full', name: 'Full strength', values: v(af), movementClass: 'land', stepLoss: 'reduced' }, { id: 'reduced', name: 'Reduced', values: v(ar), movementClass: 'land' }] },
  { id: `${n}-corps`, name: `${adj} corps`, faces: [{ id: 'full', name: 'Full strength', values: v(cf), movementClass: 'land', stepLoss: 'reduced' }, { id: 'reduced', name: 'Reduced', values: v(cr), movementClass: 'land' }] },
]);
const side = (n) => (['ge', 'ah', 'tu', 'bu'].includes(n) ? 'cp' : 'ap');
const ord = (i) => `${i}${['th', 'st', 'nd', 'rd'][(i % 100 > 10 && i % 100 < 14) ? 0 : i % 10] ?? 'th'}`;
const COUNT = { ge: [10, 12], ah: [7, 8], tu: [2, 3], bu: [2, 2], fr: [10, 10], br: [5, 6], ru: [12, 14], it: [5, 4], us: [1, 2], be: [1, 2], sb: [2, 2], ro: [1, 2] };
const pieces = [];
for (const [n, adj] of NAT) {
  const [armies, corps] = COUNT[n];
  for (let i = 1; i <= armies; i++) pieces.push({ id: `${n}-a${i}`, type: `${n}-army`, side: side(n), nation: n, name: n === 'br' && i === 1 ? 'BEF' : `${adj} ${ord(i)} Army` });
  for (let i = 1; i <= corps; i++) pieces.push({ id: `${n}-c${i}`, type: `${n}-corps`, side: side(n), nation: n, name: `${adj} corps ${i}` });
}
const markerTypes = [
  { id: 'trench-1', name: 'Trench level 1', on: ['space'], values: { level: 1 }, color: '#8b6b3d' },
  { id: 'trench-2', name: 'Trench level 2', on: ['space'], values: { level: 2 }, color: '#5b3b1d' },
  { id: 'control-cp', name: 'Central Powers control', on: ['space'], color: '#5a5a5a' },
  { id: 'control-ap', name: 'Allied control', on: ['space'], color: '#3a6b35' },
  { id: 'besieged', name: 'Siege in progress', on: ['space'], color: '#b22222' },
  { id: 'fort-destroyed', name: 'Fort destroyed (not rebuilt)', on: ['space'], color: '#000000' },
  // §4.2 "激活空间的费用通常等于该空间内不同国家军队的数量；同一国家的多个单位一般按一个国家计算": paid from the side's ops track
  { id: 'activated-move', name: 'Activated for movement', on: ['space'], color: '#ffffff', cost: ACTIVATION },
  { id: 'activated-attack', name: 'Activated for combat', on: ['space'], color: '#ff4040', cost: ACTIVATION },
  { id: 'out-of-supply', name: 'Out of supply', on: ['piece'], color: '#ffcc00' },
  { id: 'mandatory-offensive-cp', name: 'Central Powers mandatory offensive', on: ['space', 'piece'], color: '#5a5a5a' },
  { id: 'mandatory-offensive-ap', name: 'Allied mandatory offensive', on: ['space', 'piece'], color: '#3a6b35' },
];
write('pieces.json', 'pieces', { pieceTypes, markerTypes, pieces });

// ------------------------------------------------------------------ tables and procedures (paths-of-glory-rules.mjs)
write('tables.json', 'tables', { tables, procedures: procedures(pieceTypes.filter((t) => t.id.endsWith('-army')).map((t) => t.id)) });

// ------------------------------------------------------------------ sequence
// §3 "轮到自己时，玩家从手牌中选择1张策略卡，并决定以下四种用途之一": one card a round, for one of the four
// uses; §8 "战斗事件卡可能在任意一方的战斗中使用…防守方随后决定是否使用自己的卡牌": a combat card played
// in a battle (`as combat`) is not the round's card, and the defender may play one in the attacker's round.
const roundPermissions = {
  active: ['*'], others: ['play as combat'], limits: { play: 1, uses: ['ops', 'sr', 'rp', 'event'] },
  note: 'summary §3: one card a round (ops, sr, rp or event); §8: combat cards (as combat) in either side\'s battles',
};
const rounds = [];
for (let r = 1; r <= 6; r++) {
  rounds.push({ id: `ar${r}-cp`, name: `Action round ${r}: Central Powers`, active: 'cp', permissions: roundPermissions });
  rounds.push({ id: `ar${r}-ap`, name: `Action round ${r}: Allied Powers`, active: 'ap', permissions: roundPermissions });
}
write('sequence.json', 'sequence', {
  firstTurn: 1,
  lastTurn: 20,
  phases: [
    // phases both sides play end when each has said next (§1, §2, §10-§12, §14: "双方…"; README)
    { id: 'mandatory-offensive', name: 'Mandatory offensive phase (both roll; unmet: CP -1 VP, AP +1 VP)', active: 'all', ends: 'each' },
    ...rounds,
    { id: 'attrition', name: 'Attrition phase (unsupplied units eliminated, control of isolated spaces)', active: 'all', ends: 'each' },
    { id: 'siege', name: 'Siege phase (roll for every besieged fort)', active: 'all', ends: 'each' },
    { id: 'war-status', name: 'War status phase (VP, automatic victory, armistice, war commitment; add Limited/Total War cards)', active: 'all', ends: 'each' },
    { id: 'replacement-ap', name: 'Replacement phase: Allied Powers', active: 'ap' },
    { id: 'replacement-cp', name: 'Replacement phase: Central Powers', active: 'cp' },
    // §14 "将手牌补充至7张": `draw <deck>` draws up to the hand limit; whose-move says how many
    { id: 'draw', name: 'Draw phase (discard combat cards if wished, draw up to 7; reshuffle discards when the deck runs out)', active: 'all', ends: 'each', refill: true },
  ],
  turnTypes: [
    { id: 'summer-1914', name: 'Summer 1914', turns: '1', values: { year: 1914 } },
    { id: 'fall-1914', name: 'Autumn 1914', turns: '2-3', values: { year: 1914 } },
    { id: 'war-1915', name: '1915', turns: '4-7', values: { year: 1915 } },
    { id: 'war-1916', name: '1916', turns: '8-11', values: { year: 1916 } },
    { id: 'war-1917', name: '1917', turns: '12-15', values: { year: 1917 } },
    { id: 'war-1918', name: '1918', turns: '16-19', values: { year: 1918 } },
    { id: 'war-1919', name: '1919', turns: '20', values: { year: 1919 } },
  ],
});

// ------------------------------------------------------------------ decks
// [title, set, text, opts] — values below follow a regular pattern of our own (ops 2–5, SR = ops, RP 1–4).
const COMBAT = new Set(['Withdrawal', 'Severe Weather', 'Hurricane Barrage', 'Air Superiority', 'Phosgene Gas', 'Landships', 'Great Retreat', 'Royal Tank Corps', 'Alpine Troops', 'Backs to the Wall', 'Russian Guards', 'Paris Taxis',
  'Von François', 'Sud Army', 'Fortified Machine Guns', 'Flamethrowers', 'Chlorine Gas', 'Alpenkorps', 'Stosstruppen', 'Achtung Panzer', 'Kaisertreu', 'Von Hutier', 'Wireless Intercepts']);
const KEEP = new Set(['Severe Weather', 'Air Superiority', 'Withdrawal']);
const AP = [
  ['British Reinforcements', 'mobilization', 'Bring one British corps from the units not yet in play into London or any supplied Allied-controlled port in France.'],
  ['Blockade', 'mobilization', 'The naval blockade starts to bite: from now on, in each war status phase the Central Powers lose 1 VP if Germany controls no neutral port (ours).'],
  ['Russian Reinforcements', 'mobilization', 'Place one Russian corps in any supplied Russian-controlled space containing no enemy unit.'],
  ['Pleve', 'mobilization', 'A Russian army that fought this round may fight again from the same space at no operations cost.'],
  ['Putnik', 'mobilization', 'For the rest of the turn Serbian units may retreat one space after any combat instead of taking the last loss.'],
  ['Withdrawal', 'mobilization', 'Combat card: the defending Allied units ignore one loss and must retreat one space.'],
  ['Severe Weather', 'mobilization', 'Combat card: an attack into a mountain or marsh space this round fires at -2.'],
  ['Russian Reinforcements', 'mobilization', 'Place two Russian corps in supplied Russian-controlled spaces.'],
  ['Moltke', 'mobilization', 'German command friction: the next German operations card this turn activates one space fewer.'],
  ['French Reinforcements', 'mobilization', 'Place one French army (reduced) in Paris or any supplied French city.'],
  ['Russian Reinforcements', 'mobilization', 'Place one Russian army (reduced) in Petrograd, Kiev or Smolensk.'],
  ['Entrench', 'mobilization', 'From now on Allied armies may try to dig trenches instead of moving (entrench roll).'],
  ['Rape of Belgium', 'mobilization', 'Outrage abroad: +1 Allied war status; the Central Powers lose 1 VP if German units are in Belgium.'],
  ['British Reinforcements', 'mobilization', 'Place the BEF in any supplied Allied-controlled space in France or Belgium.'],
  ['British Reinforcements', 'limited-war', 'Place one British army (reduced) in London or a French channel port.'],
  ['Romania', 'limited-war', 'Romania joins the Allies: place its units in Bucharest; Romanian spaces become Allied-controlled.'],
  ['Italy', 'limited-war', 'Italy declares war on Austria-Hungary: place the Italian armies in the units not yet in play box for entry.'],
  ['Hurricane Barrage', 'limited-war', 'Combat card: the attacker ignores trenches of level 1 in this combat.'],
  ['Air Superiority', 'limited-war', 'Combat card: +1 to the Allied fire roll in this combat.'],
  ['British Reinforcements', 'limited-war', 'Place two British corps in London or any supplied Allied-controlled port.'],
  ['Phosgene Gas', 'limited-war', 'Combat card: +1 to the Allied fire roll; the defender cannot use a trench in this combat.'],
  ['Italian Reinforcements', 'limited-war', 'Place one Italian army (reduced) in a supplied Italian-controlled space.'],
  ['Cadorna', 'limited-war', 'Italian mandatory offensive satisfied this turn; one Italian army may attack twice.'],
  ['French Reinforcements', 'limited-war', 'Place two French corps in supplied French-controlled spaces.'],
  ['Russian Reinforcements', 'limited-war', 'Place one Russian army (reduced) and one corps in supplied Russian-controlled spaces.'],
  ['Lusitania', 'limited-war', 'American opinion hardens: +2 Allied war status.'],
  ['Great Retreat', 'limited-war', 'Combat card: Russian defenders may retreat up to two spaces and ignore one loss.'],
  ['Landships', 'limited-war', 'From now on British attacks on the Western Front fire at +1 once per turn.'],
  ['Yudenitch', 'limited-war', 'A Russian army may attack with +1 this round.'],
  ['Salonika', 'limited-war', 'Allies may bring up to two corps to Salonika by strategic redeployment.'],
  ['MEF', 'limited-war', 'The Mediterranean Expeditionary Force forms: one British corps enters at any Allied port.'],
  ['Russian Reinforcements', 'limited-war', 'Place two Russian corps in supplied Russian-controlled spaces.'],
  ['Grand Fleet', 'limited-war', 'The German fleet stays in port: cancel the next High Seas Fleet event or gain 1 Allied war status.'],
  ['British Reinforcements', 'limited-war', 'Place one British army (reduced) in a supplied Allied-controlled French port.'],
  ['Yanks and Tanks', 'total-war', 'American armies may now attack; British tank modifiers also apply to US attacks.'],
  ['Mutiny', 'total-war', 'French armies may not attack next turn; the French mandatory offensive is cancelled.'],
  ['Kerensky Offensive', 'total-war', 'Russian units may attack this round with +1; afterwards +1 Central Powers war status.'],
  ['Brusilov Offensive', 'total-war', 'Russian attacks this round ignore trenches of level 1.'],
  ['US Reinforcements', 'total-war', 'Place one US army in a supplied Allied-controlled French port.'],
  ['Royal Tank Corps', 'total-war', 'Combat card: +1 to a British fire roll and the defender loses the trench benefit.'],
  ['Sinai Pipeline', 'total-war', 'British forces in the Near East gain supply for an advance (ours: +1 Allied war status).'],
  ['Allenby', 'total-war', 'A British army may move and attack in the same action round this turn.'],
  ['Everyone Into Battle', 'total-war', 'All French units in one space may attack at +1, but take one extra loss if they lose.'],
  ['Convoy', 'total-war', 'Cancel the effect of Unrestricted Submarine Warfare on Allied replacements.'],
  ['Army of the Orient', 'total-war', 'Place one French army (reduced) in Salonika if Allied-controlled.'],
  ['Zimmermann Telegram', 'total-war', 'The United States moves toward war: +2 Allied war status.'],
  ['Over There', 'total-war', 'Place two US corps and one US army (reduced) in supplied Allied-controlled French ports.'],
  ['Paris Taxis', 'total-war', 'Combat card: one French corps in Paris may join a combat in an adjacent space.'],
  ['Russian Cavalry', 'total-war', 'One Russian corps may move two extra spaces this round.'],
  ['Russian Guards', 'total-war', 'Combat card: +1 to one Russian army\'s fire roll.'],
  ['Alpine Troops', 'total-war', 'Combat card: ignore the mountain modifier in this combat.'],
  ['Czech Legion', 'total-war', 'Place one Allied corps (Russian) in any Russian-controlled space.'],
  ['Maude', 'total-war', 'A British corps in the Near East advances: +1 Allied war status (ours).'],
  ['The Sixtus Affair', 'total-war', 'Austria-Hungary seeks a separate peace: the Central Powers lose one Austro-Hungarian replacement point each turn for the rest of the game.'],
  ['Backs to the Wall', 'total-war', 'Combat card: the defending Allied units take one fewer loss and may not retreat.'],
];
const CP = [
  ['Guns of August', 'mobilization', 'Played as the first card of the game: German armies attack one Belgian or French fort space as if it were already besieged.'],
  ['Wireless Intercepts', 'mobilization', 'Combat card: the Central Powers know the Russian plan: +1 to a German fire roll on the Eastern Front.'],
  ['Von François', 'mobilization', 'Combat card: +1 to a German fire roll in East Prussia.'],
  ['Severe Weather', 'mobilization', 'Combat card: an attack into a mountain or marsh space this round fires at -2.'],
  ['Landwehr', 'mobilization', 'Flip up to two reduced German corps to full strength.'],
  ['Entrench', 'mobilization', 'From now on Central Powers armies may try to dig trenches instead of moving (entrench roll).'],
  ['Falkenhayn', 'mobilization', 'Germany may make one extra strategic redeployment this turn.'],
  ['Oberost', 'mobilization', 'German units on the Eastern Front cost one operations point less to activate this round.'],
  ['German Reinforcements', 'mobilization', 'Place one German corps in Berlin or Essen.'],
  ['Race to the Sea', 'mobilization', 'Belgian and French ports lose their defence: the Allies cannot use Ostend or Calais for strategic redeployment this turn.'],
  ['Reichstag Truce', 'mobilization', 'Political unity in Germany: +1 Central Powers war status.'],
  ['Sud Army', 'mobilization', 'Combat card: a German corps stiffens Austro-Hungarian defenders: ignore one loss.'],
  ['Austria-Hungary Reinforcements', 'mobilization', 'Place one Austro-Hungarian corps in Vienna or Budapest.'],
  ['German Reinforcements', 'mobilization', 'Place one German army (reduced) in Berlin.'],
  ['Gorlice-Tarnow', 'limited-war', 'German and Austro-Hungarian units attacking from Cracow, Tarnow or Neu Sandec fire at +1 this round.'],
  ['Eleventh Army', 'limited-war', 'Place the German 11th Army (take any German army from the units not yet in play) in a supplied German-controlled space.'],
  ['Alpenkorps', 'limited-war', 'Combat card: ignore the mountain modifier in this combat.'],
  ['Kemal', 'limited-war', 'Turkish defenders take one fewer loss for the rest of the turn.'],
  ['War in Africa', 'limited-war', 'British troops are tied down: remove one British corps to the units not yet in play until next turn.'],
  ['Walter Rathenau', 'limited-war', 'War economy: +1 German replacement point each turn from now on.'],
  ['Bulgaria', 'limited-war', 'Bulgaria joins the Central Powers: place its units in Sofia.'],
  ['Mata Hari', 'limited-war', 'The Allied player shows you his hand.'],
  ['Fortified Machine Guns', 'limited-war', 'Combat card: German defenders in a trench fire at +1.'],
  ['Flamethrowers', 'limited-war', 'Combat card: +1 to a German fire roll against a trench.'],
  ['Austria-Hungary Reinforcements', 'limited-war', 'Place one Austro-Hungarian army (reduced) in Vienna or Budapest.'],
  ['Chlorine Gas', 'limited-war', 'Combat card: +1 to the German fire roll; the defender cannot use a trench in this combat.'],
  ['Liman von Sanders', 'limited-war', 'Turkish units may attack at +1 this round.'],
  ['Tsar Takes Command', 'limited-war', 'Russian command falters: +1 Central Powers war status and -1 Russian replacement point next turn.'],
  ['Place of Execution', 'limited-war', 'Verdun becomes a killing ground: every combat at Verdun this turn costs the Allies one extra loss.'],
  ['Zeppelin Raids', 'limited-war', 'The Allies lose one British replacement point this turn.'],
  ['High Seas Fleet', 'limited-war', 'The German fleet sorties: the Allies may not play Grand Fleet this turn, +1 Central Powers war status.'],
  ['Libyan Revolt', 'limited-war', 'Unrest ties down Italian units: remove one Italian corps until next turn.'],
  ['German Reinforcements', 'limited-war', 'Place two German corps in supplied German-controlled spaces.'],
  ['Turkish Reinforcements', 'limited-war', 'Place one Turkish corps in a supplied Turkish-controlled space.'],
  ['Hoffmann', 'total-war', 'German units on the Eastern Front may attack twice this round.'],
  ['Michael', 'total-war', 'Spring offensive: German attacks on the Western Front ignore level-1 trenches this round.'],
  ['Blücher', 'total-war', 'A second spring offensive: one German attack this round fires at +1.'],
  ['Peace Offensive', 'total-war', 'Lower the Allied war status by 1.'],
  ['Fall of the Tsar', 'total-war', 'Revolution in Russia: +3 Central Powers war status; Russia no longer has a mandatory offensive.'],
  ['Bolshevik Revolution', 'total-war', 'Russian units may no longer enter Central Powers-controlled spaces; +2 Central Powers war status.'],
  ['Treaty of Brest-Litovsk', 'total-war', 'Russia leaves the war: remove all Russian units; Central Powers keep the spaces they control.'],
  ['Unrestricted Submarine Warfare', 'total-war', 'The Allies lose one British replacement point each turn; +1 Allied war status (America is provoked).'],
  ['Von Hutier', 'total-war', 'Combat card: infiltration tactics, +1 to a German fire roll.'],
  ['Stosstruppen', 'total-war', 'Combat card: the defender cannot retreat to avoid the last loss.'],
  ['H-L Take Command', 'total-war', 'Hindenburg and Ludendorff: Germany may make one extra operations activation this turn.'],
  ['Prince Max', 'total-war', 'Lower the Allied war status by 2 if the Central Powers hold fewer than 10 VP.'],
  ['Kaisertreu', 'total-war', 'Combat card: +1 to an Austro-Hungarian fire roll.'],
  ['Yildirim', 'total-war', 'Place one German corps in a supplied Turkish-controlled space.'],
  ['Achtung Panzer', 'total-war', 'Combat card: +1 to a German fire roll against clear terrain.'],
  ['Polish Restoration', 'total-war', 'Place one corps (Central Powers) in Warsaw if it is Central Powers-controlled.'],
  ['German Reinforcements', 'total-war', 'Place one German army (reduced) in Berlin or Essen.'],
  ['Turkish Reinforcements', 'total-war', 'Place one Turkish army (reduced) in a supplied Turkish-controlled space.'],
  ['Austria-Hungary Reinforcements', 'total-war', 'Place two Austro-Hungarian corps in Vienna or Budapest.'],
  ['Alberich', 'total-war', 'Germany may withdraw any units from one Western Front space without enemy pursuit and place a trench-1 in the space left behind.'],
  ['Influenza', 'total-war', 'Every side loses one replacement point of its choice next turn (ours).'],
];
const RP = { ap: ['FR', 'BR', 'RU', 'FR', 'RU', 'BR', 'IT', 'US', 'A'], cp: ['GE', 'AH', 'GE', 'TU', 'AH', 'GE', 'BU'] };
const slug = (s) => s.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
const deck = (prefix, list, sideId) => {
  const base = { mobilization: 2, 'limited-war': 3, 'total-war': 4 };
  const cards = list.map(([title, set, text], i) => {
    const ops = Math.min(5, base[set] + (i % 3 === 0 ? 1 : 0) - (i % 7 === 3 ? 1 : 0));
    const rp = 1 + (i % 4);
    const combat = COMBAT.has(title);
    // ws: the war status the event adds to its own side (§8, §12), read from our card text.
    const own = sideId === 'cp' ? 'Central Powers' : 'Allied';
    const ws = Number(new RegExp(`\\+(\\d) ${own} war status`).exec(text)?.[1] ?? 0);
    return {
      id: `${prefix}-${String(i + 1).padStart(2, '0')}-${slug(title)}`,
      name: title,
      values: { ops, sr: ops, rp, rpNation: RP[sideId][i % RP[sideId].length], ws, number: i + 1, ...(combat ? { combat: 1 } : {}) },
      uses: ['event', 'ops', 'sr', 'rp', ...(combat ? ['combat'] : [])],
      text,
      ...(combat || KEEP.has(title) ? {} : { removeWhenPlayed: true }),
    };
  });
  const sets = {};
  for (const [i, [, set]] of list.entries()) (sets[set] ??= []).push(cards[i].id);
  return { cards, sets };
};
for (const [sideId, list, name] of [['cp', CP, 'Central Powers'], ['ap', AP, 'Allied']]) {
  const { cards, sets } = deck(sideId, list, sideId);
  write(`decks/${sideId}-strategy.json`, 'deck', {
    id: `${sideId}-strategy`, name: `${name} strategy deck`, owner: sideId, secret: true, handLimit: 7,
    // §14.3 "将相应抽牌堆与弃牌堆重新洗混": Limited/Total War cards are shuffled in with the discard pile
    reshuffle: 'when-empty', cards, sets, initial: ['mobilization'], addWithDiscard: true,
    // §8 "部分事件可以改变战争投入等级" / §12: an event played adds its ws to its side's and the combined war status
    plays: [{ use: 'event', track: `${sideId}-war-status`, value: 'ws', rule: '§8, §12' }, { use: 'event', track: 'combined-war-status', value: 'ws', rule: '§12' },
      // §4 "玩家获得等于该卡行动点数的激活点数"; §4.5 "未使用的激活点数不能累积到下一次行动": set afresh, not added
      { use: 'ops', track: `${sideId}-ops`, value: 'ops', set: true, rule: '§4' }],
  });
}

// ------------------------------------------------------------------ scenario 1914
const setup = [];
const put = (piece, at) => setup.push({ piece, at, face: 'full' });
const place = (map) => { for (const [piece, at] of Object.entries(map)) put(piece, at); };
place({
  // Germany: the western wing and the 8th Army in East Prussia.
  'ge-a1': 'aachen', 'ge-a2': 'aachen', 'ge-a3': 'cologne', 'ge-a4': 'koblenz', 'ge-a5': 'metz', 'ge-a6': 'strasbourg', 'ge-a7': 'mulhouse', 'ge-a8': 'insterburg',
  'ge-c1': 'essen', 'ge-c2': 'mannheim', 'ge-c3': 'karlsruhe', 'ge-c4': 'tannenberg', 'ge-c5': 'konigsberg', 'ge-c6': 'thorn', 'ge-c7': 'posen', 'ge-c8': 'breslau', 'ge-c9': 'cp-reserve', 'ge-c10': 'cp-reserve',
  // Austria-Hungary: Galicia and the Serbian front.
  'ah-a1': 'cracow', 'ah-a2': 'temesvar', 'ah-a3': 'lemberg', 'ah-a4': 'przemysl', 'ah-a5': 'novi-sad', 'ah-a6': 'sarajevo',
  'ah-c1': 'tarnow', 'ah-c2': 'stanislau', 'ah-c3': 'czernowitz', 'ah-c4': 'neu-sandec', 'ah-c5': 'cp-reserve', 'ah-c6': 'cp-reserve',
  // France, Belgium, Britain.
  'fr-a1': 'epinal', 'fr-a2': 'nancy', 'fr-a3': 'verdun', 'fr-a4': 'chalons', 'fr-a5': 'sedan',
  'fr-c1': 'belfort', 'fr-c2': 'paris', 'fr-c3': 'toul', 'fr-c4': 'maubeuge', 'fr-c5': 'lille', 'fr-c6': 'st-mihiel', 'fr-c7': 'ap-reserve', 'fr-c8': 'ap-reserve',
  'be-a1': 'brussels', 'be-c1': 'antwerp', 'be-c2': 'liege',
  'br-a1': 'ap-reserve', 'br-c1': 'london',
  // Russia.
  'ru-a1': 'kovno', 'ru-a2': 'novogeorgievsk', 'ru-a3': 'dubno', 'ru-a4': 'lublin', 'ru-a5': 'kholm', 'ru-a8': 'proskurov', 'ru-a9': 'warsaw', 'ru-a10': 'grodno',
  'ru-c1': 'riga', 'ru-c2': 'vilna', 'ru-c3': 'bialystok', 'ru-c4': 'brest-litovsk', 'ru-c5': 'ivangorod', 'ru-c6': 'rovno', 'ru-c7': 'kamenets-podolsk', 'ru-c8': 'lodz', 'ru-c9': 'ap-reserve', 'ru-c10': 'ap-reserve',
  // Serbia.
  'sb-a1': 'belgrade', 'sb-a2': 'valjevo', 'sb-c1': 'kragujevac', 'sb-c2': 'nis',
});
const placed = new Set(setup.map((s) => s.piece));
for (const p of pieces) if (!placed.has(p.id)) setup.push({ piece: p.id, at: `${p.side}-reinforcements`, face: 'full' });
const reinforcements = [];
write('scenarios/1914.json', 'scenario', {
  id: '1914',
  name: 'August 1914 (campaign game)',
  description: 'The war of movement: Germany strikes through Belgium while Russia invades East Prussia and Galicia. Both sides start at Mobilization with only their Mobilization cards; Limited War and Total War cards join when the war commitment rises (war status phase). Units not on the map wait in the units-not-yet-in-play boxes and enter by events. The Central Powers play first in every action round.',
  board: 'europe',
  firstTurn: 1,
  lastTurn: 20,
  startPhase: 'mandatory-offensive',
  setup,
  markers: [],
  tracks: { vp: 10, 'cp-war-status': 0, 'ap-war-status': 0, 'combined-war-status': 0, 'cp-commitment': 0, 'ap-commitment': 0, 'action-round': 1 },
  decks: { 'cp-strategy': { sets: ['mobilization'] }, 'ap-strategy': { sets: ['mobilization'] } },
  reinforcements,
  victory: 'Automatic victory at 20 VP (Central Powers) or 0 VP (Allies) in a war status phase; otherwise, at the end of turn 20 or at an armistice, 11+ VP is a Central Powers win, 9 or less an Allied win, 10 a draw. A Central Powers player who reaches the armistice threshold (combined war status 40) with 13+ VP may end the game in a negotiated peace. (Thresholds ours.)',
});
console.log(`paths-of-glory: ${spaces.length} spaces, ${connections.length} connections, ${pieces.length} pieces, ${AP.length}+${CP.length} cards`);
